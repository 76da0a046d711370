import { Msg } from '@/components/shell/I18n';
import styles from './TestModeBanner.module.css';

/** Says plainly that the page is in test mode, where no real payment is taken. */
export function TestModeBanner() {
  return (
    <div className={styles.banner} role="note" data-testid="test-mode-banner">
      <Msg id="common.testMode" components={{ 0: <strong /> }} />
    </div>
  );
}
