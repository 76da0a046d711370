import { useState } from 'react';
import Link from 'next/link';
import { ErrorView } from '@/components/ui/ErrorView';
import { Loader } from '@/components/ui/Loader';
import { STUDIO_STATE_NAMES, type HeldOfferView, type StudioCampaignPageProps, type StudioVersionView } from '@/lib/campaigns/studioViews';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import { CAMPAIGNS_PATH, campaignStudioPath, campaignEditorPath } from '@/lib/operators/operatorPaths';
import { BackOfficeFrame } from './BackOfficeFrame';
import { usePreviewLink } from './usePreviewLink';
import { CampaignFacts } from './CampaignFacts';
import { careMoney, careWhen } from './careWords';
import { RenewalPriceChange } from './CampaignEditorRenewalPrice';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { Experiment } from '@/lib/experiments/experiment';
import { CampaignExperiments } from './CampaignExperiments';
import styles from './BackOffice.module.css';

/**
 * /admin/campaigns/{campaignId}: a campaign as visitors see it now, its recorded versions,
 * and two of them side by side, field by field, and its A/B tests. The comparison is a plain
 * GET form, as the list's filters are: the address keeps it.
 */
export function CampaignVersionsView(props: (StudioCampaignPageProps & { experiments?: Experiment[] }) | BackOfficeRefusal) {
  const [comparing, setComparing] = useState(false);
  const previews = usePreviewLink('kind' in props ? null : props.campaignId);
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  const { operator, campaign, campaignId, versions, comparison, heldOffers, experiments = [] } = props;
  const title = campaign?.headline ?? campaignId;
  return (
    <BackOfficeFrame title={title} operator={operator}>
      <p>
        <Link className={styles.link} href={CAMPAIGNS_PATH}>
          All campaigns
        </Link>
      </p>
      <section className={styles.card} aria-labelledby="campaign-title">
        <h1 id="campaign-title">
          {title} {campaign && <span className={styles.state}>{STUDIO_STATE_NAMES[campaign.state]}</span>}
        </h1>
        {campaign ? <CampaignFacts campaign={campaign} /> : <p>The catalogue no longer has this campaign; its versions remain.</p>}
        <p className={styles.afterFacts}>
          <Link className={styles.primary} href={campaignEditorPath(campaignId)}>
            Edit the newest version
          </Link>
        </p>
      </section>
      {heldOffers.length > 0 && <HeldOffers offers={heldOffers} />}
      <section className={styles.card} aria-labelledby="versions-title">
        <h2 id="versions-title">Versions</h2>
        {previews.error && (
          <p className={styles.alert} role="alert">
            {previews.error}
          </p>
        )}
        {versions.length === 0 ? (
          <p>No version is recorded yet: the next catalogue import records what it is then.</p>
        ) : (
          <ul className={styles.events}>
            {versions.map((version) => (
              <li key={version.version}>
                <strong>Version {version.version}</strong>, {careWhen(version.createdAt)}, by {version.by},{' '}
                {version.publishedAt ? `published ${careWhen(version.publishedAt)}` : 'a draft'}{' '}
                <PreviewButton version={version.version} making={previews.making} onPreview={previews.preview} />
                {version.version !== versions[0]!.version && (
                  <>
                    {' '}
                    <Link className={styles.link} href={campaignEditorPath(campaignId, version.version)}>
                      Restore version {version.version} as a draft
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {versions.length > 1 && comparison && (
          <form className={styles.form} method="get" action={campaignStudioPath(campaignId)} onSubmit={() => setComparing(true)}>
            <div className={styles.row}>
              <VersionSelect label="Compare version" name="from" chosen={comparison.from} versions={versions} />
              <VersionSelect label="with version" name="to" chosen={comparison.to} versions={versions} />
              <button type="submit" className={styles.primary} disabled={comparing} aria-busy={comparing}>
                {comparing && <Loader type="submission-processing" variant="light" size="small" label="Comparing…" />}
                Compare
              </button>
            </div>
          </form>
        )}
      </section>
      {comparison && (
        <section className={styles.card} aria-labelledby="comparison-title">
          <h2 id="comparison-title">
            Version {comparison.from} and version {comparison.to}:{' '}
            {comparison.changes.length === 1 ? '1 field differs' : `${comparison.changes.length} fields differ`}
          </h2>
          {comparison.changes.length === 0 ? (
            <p>They are the same.</p>
          ) : (
            // One item per field, its two values under it: readable on a phone without sideways scrolling.
            <ul className={styles.plain}>
              {comparison.changes.map((change) => (
                <li key={change.field} className={styles.subform} data-testid="version-change">
                  <h3>{change.field}</h3>
                  <dl className={styles.facts}>
                    <dt>Version {comparison.from}</dt>
                    <dd>
                      <code className={styles.secret}>{change.before}</code>
                    </dd>
                    <dt>Version {comparison.to}</dt>
                    <dd>
                      <code className={styles.secret}>{change.after}</code>
                    </dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <CampaignExperiments campaignId={campaignId} versions={versions} experiments={experiments} />
    </BackOfficeFrame>
  );
}

/** The offers subscribers hold, each with the one way to change what they renew at. */
function HeldOffers({ offers }: { offers: HeldOfferView[] }) {
  return (
    <section className={styles.card} aria-labelledby="held-title">
      <h2 id="held-title">Offers subscribers hold</h2>
      <p>
        Their price stays as it was bought: a new price for new buyers is a new offer. What they renew at changes only here, with notice.
      </p>
      <ul className={styles.plain}>
        {offers.map((offer) => (
          <li key={offer.offerId} className={styles.subform} aria-labelledby={`held-${offer.offerId}`}>
            <h3 id={`held-${offer.offerId}`}>
              {offer.name} {!offer.onSale && <span className={styles.state}>Retired</span>}
            </h3>
            <p>
              {offer.subscribers === 1 ? 'One subscriber renews' : `${offer.subscribers} subscribers renew`} at{' '}
              {careMoney(offer.renewalAmount, offer.currencyCode as CurrencyCode)}.
            </p>
            <RenewalPriceChange offerId={offer.offerId} offerName={offer.name} currencyCode={offer.currencyCode} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Makes a preview link of the version and opens its page; every such button waits while one link is made. */
function PreviewButton({
  version,
  making,
  onPreview,
}: {
  version: number;
  making: number | null;
  onPreview: (version: number) => Promise<void>;
}) {
  return (
    <button
      type="button"
      className={styles.textButton}
      disabled={making !== null}
      aria-busy={making === version}
      onClick={() => void onPreview(version)}
    >
      {making === version ? 'Making the link…' : `Preview version ${version}`}
    </button>
  );
}

function VersionSelect({ label, name, chosen, versions }: { label: string; name: string; chosen: number; versions: StudioVersionView[] }) {
  return (
    <label>
      <span className={styles.label}>{label}</span>
      <select className={styles.select} name={name} defaultValue={String(chosen)}>
        {versions.map((version) => (
          <option key={version.version} value={version.version}>
            {version.version}
          </option>
        ))}
      </select>
    </label>
  );
}
