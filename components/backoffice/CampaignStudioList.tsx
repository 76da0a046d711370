import { useState } from 'react';
import Link from 'next/link';
import { ErrorView } from '@/components/ui/ErrorView';
import { Field } from '@/components/ui/Field';
import { Loader } from '@/components/ui/Loader';
import { filterCampaigns } from '@/lib/campaigns/studioList';
import { STUDIO_STATE_NAMES, STUDIO_STATES, type StudioCampaignView, type StudioListPageProps } from '@/lib/campaigns/studioViews';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import { CAMPAIGNS_PATH, campaignStudioPath, campaignEditorPath, NEW_CAMPAIGN_PATH } from '@/lib/operators/operatorPaths';
import { BackOfficeFrame } from './BackOfficeFrame';
import { BrandReadingUrls } from './BrandReadingUrls';
import { CampaignFacts } from './CampaignFacts';
import styles from './BackOffice.module.css';

/**
 * /admin/campaigns: the studio's list of every campaign by brand, with its state, dates and
 * today's orders, then each brand's reading URL. A plain GET form searches and filters: the
 * address keeps them through a reload, back and forward, and a shared link, and it works
 * before the page's script loads.
 */
export function CampaignStudioList(props: StudioListPageProps | BackOfficeRefusal) {
  const [searching, setSearching] = useState(false);
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  const { operator, campaigns, brands, filter, today } = props;
  const shown = filterCampaigns(campaigns, filter);
  const filtered = filter.q !== '' || filter.brand !== null || filter.state !== null;
  return (
    <BackOfficeFrame title="Campaigns" operator={operator}>
      <section className={styles.card} aria-labelledby="campaigns-title">
        <h1 id="campaigns-title">Campaigns</h1>
        <p>
          Every campaign of every brand, as the catalogue holds it now (visitors see a change within a minute). Orders today count the
          purchases paid since midnight UTC ({today}).
        </p>
        <p>
          <Link className={styles.primary} href={NEW_CAMPAIGN_PATH}>
            New campaign
          </Link>
        </p>
        <form className={styles.form} method="get" action={CAMPAIGNS_PATH} role="search" onSubmit={() => setSearching(true)}>
          <Field
            id="campaigns-q"
            name="q"
            label="Search"
            hint="Words of the headline, the address (such as /vogue/demo-single) or the campaign id."
            defaultValue={filter.q}
            maxLength={100}
            autoComplete="off"
          />
          <div className={styles.row}>
            <label>
              <span className={styles.label}>Brand</span>
              <select className={styles.select} name="brand" defaultValue={filter.brand ?? ''}>
                <option value="">Every brand</option>
                {brands.map((brand) => (
                  <option key={brand.slug} value={brand.slug}>
                    {brand.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className={styles.label}>State</span>
              <select className={styles.select} name="state" defaultValue={filter.state ?? ''}>
                <option value="">Any state</option>
                {STUDIO_STATES.map((state) => (
                  <option key={state} value={state}>
                    {STUDIO_STATE_NAMES[state]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={styles.primary} disabled={searching} aria-busy={searching}>
              {searching && <Loader type="submission-processing" variant="light" size="small" label="Searching…" />}
              Show
            </button>
            {filtered && (
              <a className={styles.link} href={CAMPAIGNS_PATH}>
                Show every campaign
              </a>
            )}
          </div>
        </form>
      </section>
      <section className={styles.card} aria-labelledby="campaigns-found">
        <h2 id="campaigns-found">
          {shown.length === 1 ? '1 campaign' : `${shown.length} campaigns`}
          {filtered ? ' match' : ''}
        </h2>
        {shown.length === 0 ? (
          <p>No campaign matches. Search for fewer words, or choose every brand and any state.</p>
        ) : (
          // One item per campaign, its facts under its headline: readable on a phone without sideways scrolling.
          <ul className={styles.plain}>
            {shown.map((campaign) => (
              <CampaignItem key={campaign.campaignId} campaign={campaign} />
            ))}
          </ul>
        )}
      </section>
      <BrandReadingUrls brands={brands} />
    </BackOfficeFrame>
  );
}

function CampaignItem({ campaign }: { campaign: StudioCampaignView }) {
  const titleId = `campaign-${campaign.campaignId}`;
  return (
    <li className={styles.subform} aria-labelledby={titleId} data-testid="studio-campaign">
      <h3 id={titleId}>
        <Link className={styles.link} href={campaignStudioPath(campaign.campaignId)}>
          {campaign.headline}
        </Link>{' '}
        <span className={styles.state}>{STUDIO_STATE_NAMES[campaign.state]}</span>
        {campaign.draftVersion !== null && campaign.state !== 'draft' && (
          <span className={styles.state}>Draft version {campaign.draftVersion} waiting</span>
        )}
      </h3>
      <CampaignFacts campaign={campaign} />
      <p className={styles.afterFacts}>
        <Link className={styles.link} href={campaignEditorPath(campaign.campaignId)} aria-label={`Edit ${campaign.headline}`}>
          Edit
        </Link>
      </p>
    </li>
  );
}
