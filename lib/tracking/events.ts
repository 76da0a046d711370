/**
 * The one typed catalogue of the journey's events (SPEC §3, §4). Each event is built by a
 * pure `build*` function; `track` accepts only events of this catalogue.
 */

/** A funnel UI event (SPEC §3): a visitor's action on an element of the journey. */
export interface FunnelUiEvent {
  name: 'funnel-ui';
  payload: {
    _topic: 'cart.ui' | 'waypoint.journey';
    action: string;
    el: string;
    position: string;
    campaignId: string;
  };
}

export type JourneyEvent = FunnelUiEvent;
export type JourneyEventName = JourneyEvent['name'];

export type CartExitLink = 'magic-link' | 'sign-in';

/** Click on the cart exit's magic-link or sign-in link (SPEC §4, both cart-exit). */
export function buildCartExitClick(link: CartExitLink, campaignId: string): FunnelUiEvent {
  return { name: 'funnel-ui', payload: { _topic: 'cart.ui', action: 'click', el: link, position: 'cart-exit', campaignId } };
}
