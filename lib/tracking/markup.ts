import { buildSubscriptionIntent } from './events';

/**
 * The `data-martech-actions` value of an offer's subscribe button: its hover and its click
 * are the subscription intent (SPEC §4), bound by the action scanner.
 */
export function subscriptionIntentActions(offerId: string, campaignId: string): string {
  return JSON.stringify(
    (['hover', 'click'] as const).map((trigger) => {
      const { _topic, action, el, position } = buildSubscriptionIntent(trigger, offerId, campaignId).payload;
      return { type: 'funnel', trigger, event: { _topic, action, el, position, campaignId } };
    }),
  );
}
