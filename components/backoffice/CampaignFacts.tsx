import type { StudioCampaignView } from '@/lib/campaigns/studioViews';
import { careWhen } from './careWords';
import styles from './BackOffice.module.css';

/** A campaign's facts as the studio shows them: its brand, address, dates, offers, language, today's orders and id. */
export function CampaignFacts({ campaign }: { campaign: StudioCampaignView }) {
  return (
    <dl className={styles.facts}>
      <dt>Brand</dt>
      <dd>
        {campaign.brandName}
        {campaign.isDefault ? ' (its default campaign)' : ''}
      </dd>
      <dt>Address</dt>
      <dd>
        {campaign.state === 'draft' ? (
          <>{campaign.path} (once published)</>
        ) : (
          <>
            <a className={styles.link} href={`${campaign.path}?livemode=false`} target="_blank" rel="noreferrer">
              {campaign.path}
            </a>{' '}
            (test mode, opens a new tab)
          </>
        )}
      </dd>
      <dt>Dates</dt>
      <dd>{datesOf(campaign)}</dd>
      <dt>Offers</dt>
      <dd>
        {campaign.offers.join(', ')} ({campaign.layout === 'dual' ? 'two offers side by side' : 'a single offer'})
      </dd>
      <dt>Language</dt>
      <dd>{campaign.locale}</dd>
      <dt>Orders today</dt>
      <dd>
        {campaign.ordersToday.live}
        {campaign.ordersToday.test > 0 ? ` (and ${campaign.ordersToday.test} in test mode)` : ''}
      </dd>
      <dt>Campaign id</dt>
      <dd>
        <code>{campaign.campaignId}</code>
      </dd>
    </dl>
  );
}

/** "From 1 Jun 2027, 00:00 UTC until 1 Sep 2027, 00:00 UTC"; an open side says so. */
function datesOf({ startsAt, endsAt }: Pick<StudioCampaignView, 'startsAt' | 'endsAt'>): string {
  if (!startsAt && !endsAt) return 'No start or end date';
  const from = startsAt ? `From ${careWhen(startsAt)}` : 'No start date';
  const until = endsAt ? `until ${careWhen(endsAt)}` : 'no end date';
  return `${from}, ${until}`;
}
