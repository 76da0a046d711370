import { Msg, useWords } from '@/components/shell/I18n';
import type { PreviewMark } from '@/lib/catalogue/types';
import styles from './TestModeBanner.module.css';

/**
 * Says plainly that the page is in test mode, where no real payment is taken; on a preview
 * link's pages, which version it shows, that visitors do not see it, and until when the link works.
 */
export function TestModeBanner({ preview }: { preview?: PreviewMark }) {
  const words = useWords();
  return (
    <div className={styles.banner} role="note" data-testid="test-mode-banner">
      {preview ? (
        <Msg
          id="common.preview"
          values={{ version: preview.version, until: words.date(preview.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) }}
          components={{ 0: <strong /> }}
        />
      ) : (
        <Msg id="common.testMode" components={{ 0: <strong /> }} />
      )}
    </div>
  );
}
