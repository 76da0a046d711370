import { STARTS_WITH_THE } from '@/lib/brands/brandPhrase';
import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import type { Offer } from './types';

/**
 * Sentences that name an offer, worded naturally whatever the catalogue calls it: an offer
 * named "WIRED Free Trial" starts "your 30-day free trial of WIRED", not "of WIRED Free Trial".
 * They are messages (success.json): the offer's name is a value, and each language's grammar
 * chooses by the codes given with it.
 */
export type OfferForCopy = Pick<Offer, 'name' | 'trialOffer' | 'trialDays'>;

const SEPARATORS = /^[\s\-–—:|·,+/&]+|[\s\-–—:|·,+/&]+$/g;
/** "(Free Trial)", "[14-day trial]" */
const TRIAL_IN_BRACKETS = /\s*[([][^)\]]*\btrial\b[^)\]]*[)\]]/gi;
/** "with a 30-day free trial", "Free Trial", "Trial Offer", "free 1-month trial" */
const TRIAL_PHRASE =
  /(?:\b(?:with|incl\.?|including|plus)\s+)?(?:\b(?:a|an)\s+)?(?:\bfree\s+)?(?:\b\d+[\s-]*(?:days?|weeks?|months?)\s+)?(?:\bfree\s+)?\btrial\b(?:\s+(?:offer|period))?/gi;
/** "Try WIRED free", "Try WIRED for free" */
const TRY_FREE = /^\s*try\s+(.+?)\s+(?:for\s+)?free\s*$/i;
const SUBSCRIPTION_WORD = /\s*\bsubscription\s*$/i;

function tidy(text: string): string {
  return text
    .replace(/\s{2,}/g, ' ')
    .replace(SEPARATORS, '')
    .trim();
}

/** The offer's name without the words that say it is a trial: "WIRED Free Trial" → "WIRED"; "" when nothing else is left. */
export function offerNameWithoutTrial(name: string): string {
  const tryFree = TRY_FREE.exec(name);
  const base = tryFree ? tryFree[1]! : name;
  return tidy(base.replace(TRIAL_IN_BRACKETS, ' ').replace(TRIAL_PHRASE, ' '));
}

/** Puts the brand before a product name that does not already carry it: "Digital" → "The New Yorker Digital". */
function withBrand(product: string, brandName: string | undefined): string {
  const brand = brandName?.trim();
  if (!brand) return product;
  if (!product) return brand;
  const core = brand.replace(STARTS_WITH_THE, '').toLowerCase();
  return product.toLowerCase().includes(core) ? product : `${brand} ${product}`;
}

/** "Your 30-day free trial of WIRED has started.": the product named when anything is left of it. */
export function trialStartedSentence(offer: OfferForCopy, brandName?: string): MessageDescriptor {
  const product = withBrand(offerNameWithoutTrial(offer.name), brandName);
  return { id: 'success.started.trial', values: { named: product ? 'yes' : 'no', days: offer.trialDays ?? 0, product } };
}

/**
 * "Your Vogue Digital subscription is active." / "Your subscription to The New Yorker Digital is
 * active.": English puts a name that starts with "The" after "to" ("Your The New Yorker
 * subscription" reads badly), a form the other languages may word as they like.
 */
export function subscriptionActiveSentence(offer: OfferForCopy, brandName?: string): MessageDescriptor {
  const product = withBrand(tidy(offer.name.replace(SUBSCRIPTION_WORD, '')), brandName);
  const form = !product ? 'unnamed' : STARTS_WITH_THE.test(product) ? 'to' : 'named';
  return { id: 'success.started.active', values: { form, product } };
}

/** The success page's first sentence for the offer bought. */
export function orderStartedSentence(offer: OfferForCopy, brandName?: string): MessageDescriptor {
  return offer.trialOffer ? trialStartedSentence(offer, brandName) : subscriptionActiveSentence(offer, brandName);
}
