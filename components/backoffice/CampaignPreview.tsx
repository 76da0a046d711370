import { useRef, useState, useSyncExternalStore } from 'react';
import Link from 'next/link';
import { ErrorView } from '@/components/ui/ErrorView';
import type { CampaignPreviewPageProps, CampaignPreviewRefusal } from '@/lib/campaigns/campaignPreviewView';
import { campaignStudioPath } from '@/lib/operators/operatorPaths';
import { BackOfficeFrame } from './BackOfficeFrame';
import { PREVIEW_SCREENS, PreviewFrame } from './CampaignPreviewFrame';
import { careWhen } from './careWords';
import styles from './BackOffice.module.css';
import previewStyles from './CampaignPreview.module.css';

/**
 * /admin/campaigns/{id}/preview?link=…: a version as visitors will see it, on a phone and on
 * a desktop, and its link to share with whoever should look at it before it is published.
 */
export function CampaignPreview(props: CampaignPreviewPageProps | CampaignPreviewRefusal) {
  if ('kind' in props) {
    return (
      <ErrorView title={props.title} message={props.message}>
        {props.campaignId !== undefined && (
          <Link className={styles.primary} href={campaignStudioPath(props.campaignId)}>
            Back to the campaign
          </Link>
        )}
      </ErrorView>
    );
  }
  const { operator, campaignId, version, headline, path, expiresAt } = props;
  return (
    <BackOfficeFrame title={`Preview of version ${version} of ${headline ?? campaignId}`} operator={operator}>
      <p>
        <Link className={styles.link} href={campaignStudioPath(campaignId)}>
          Back to the campaign
        </Link>
      </p>
      <section className={styles.card} aria-labelledby="preview-title">
        <h1 id="preview-title">Preview of version {version}</h1>
        <p>
          {headline && <>{headline}, </>}campaign <code>{campaignId}</code>
        </p>
        <p className={styles.notice}>
          Visitors do not see this version. Payments made in the preview are in test mode, and their orders are marked as previews.
        </p>
        <SharedLink path={path} expiresAt={expiresAt} />
      </section>
      <section className={styles.card} aria-labelledby="frames-title">
        <h2 id="frames-title">How it looks</h2>
        <div className={previewStyles.frames}>
          {PREVIEW_SCREENS.map((screen) => (
            <PreviewFrame key={screen.name} screen={screen} path={path} />
          ))}
        </div>
      </section>
    </BackOfficeFrame>
  );
}

const noSubscription = () => () => {};

/**
 * The link to share: absolute in the browser, which knows the address the back office is
 * reached at; the server (and the first render, so that hydration matches) shows the path.
 */
function SharedLink({ path, expiresAt }: { path: string; expiresAt: string }) {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  const url = `${origin}${path}`;
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      // Absent outside a secure context, refused without permission: both throw here.
      await navigator.clipboard.writeText(url);
      setSaid('Link copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setSaid('Select the link and copy it');
    }
  };
  return (
    <div className={styles.stack}>
      <label className={styles.label} htmlFor="shared-preview-link">
        Shared preview link
      </label>
      <input
        ref={input}
        id="shared-preview-link"
        className={styles.input}
        type="text"
        readOnly
        value={url}
        aria-describedby="shared-preview-valid"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p id="shared-preview-valid" className={styles.hint}>
        Valid until <time dateTime={expiresAt}>{careWhen(expiresAt)}</time>. Anyone who has the link can open it, without an account.
      </p>
      <div className={styles.row}>
        <button type="button" className={styles.primary} onClick={() => void copy()}>
          Copy link
        </button>
        <a className={styles.secondary} href={path} target="_blank" rel="noopener">
          Open the preview in a new tab
        </a>
      </div>
      <p role="status">{said}</p>
    </div>
  );
}
