import type { DraftInput } from './campaignDraft';

/** How the editor names an offer it added before the server gave it an id: "new-1", "new-2"… */
export const NEW_OFFER_ID = /^new-[1-9][0-9]{0,3}$/;

/**
 * The draft with each new offer given its id and uuid, and every mention of its placeholder
 * (a plan, a cross-sell's parent, a coupon's offers) following it. Ids come from `nextId`,
 * which the server draws above every id the catalogue and the studio's versions hold.
 */
export function withOfferIds(draft: DraftInput, nextId: () => string, newUuid: () => string): DraftInput {
  const given = new Map<string, string>();
  const offers = draft.offers.map((offer) => {
    const placeholder = typeof offer.id === 'string' && NEW_OFFER_ID.test(offer.id) ? offer.id : null;
    const id = placeholder ? (given.get(placeholder) ?? nextId()) : offer.id;
    if (placeholder) given.set(placeholder, id as string);
    return { ...offer, id, uuid: offer.uuid === '' || offer.uuid === undefined ? newUuid() : offer.uuid };
  });
  const follow = (value: unknown) => (typeof value === 'string' && given.has(value) ? given.get(value) : value);
  const followAll = (list: unknown) => (Array.isArray(list) ? list.map(follow) : list);
  return {
    ...draft,
    flow: { ...draft.flow, plans: followAll(draft.flow.plans) },
    offers: offers.map((offer) => ('parentOfferId' in offer ? { ...offer, parentOfferId: follow(offer.parentOfferId) } : offer)),
    coupons: draft.coupons.map((coupon) => {
      const scope = coupon.scope;
      if (!scope || typeof scope !== 'object' || !('offers' in scope)) return coupon;
      return { ...coupon, scope: { ...scope, offers: followAll((scope as { offers: unknown }).offers) } };
    }),
  };
}

/** The next offer id above all of `ids` (numeric strings; others are ignored). */
export function offerIdsAbove(ids: Iterable<string>): () => string {
  let highest = 0n;
  for (const id of ids) if (/^[0-9]{1,18}$/.test(id) && BigInt(id) > highest) highest = BigInt(id);
  return () => {
    highest += 1n;
    return highest.toString();
  };
}
