import type { CheckoutFlow } from './types';

/** Where a campaign stands against its optional dates: before, within or after them. */
export type CampaignState = 'upcoming' | 'on_sale' | 'ended';

export type CampaignWindow = Pick<CheckoutFlow, 'startsAt' | 'endsAt'>;

/**
 * A campaign is sold from startsAt (inclusive) until endsAt (exclusive), as a coupon's
 * window is; a date left out leaves that side open. `now` is the server's clock.
 */
export function campaignState(window: CampaignWindow, now: Date): CampaignState {
  const time = now.getTime();
  if (window.startsAt && time < Date.parse(window.startsAt)) return 'upcoming';
  if (window.endsAt && time >= Date.parse(window.endsAt)) return 'ended';
  return 'on_sale';
}

export function isOnSale(window: CampaignWindow, now: Date): boolean {
  return campaignState(window, now) === 'on_sale';
}

/**
 * Milliseconds until what the campaign's page shows next changes, from `now`: its end, or a
 * version the studio is to publish before it (`scheduledAt`); null when neither is set.
 */
export function msUntilChange(window: CampaignWindow, now: Date, scheduledAt: string | null = null): number | null {
  const times = [window.endsAt, scheduledAt]
    .filter((time): time is string => time !== null)
    .map((time) => Date.parse(time) - now.getTime());
  return times.length ? Math.min(...times) : null;
}
