import { STARTS_WITH_THE } from '@/lib/brands/brandPhrase';
import type { Offer } from './types';

/**
 * Sentences that name an offer, worded naturally whatever the catalogue calls it: an offer
 * named "WIRED Free Trial" starts "your 30-day free trial of WIRED", not "of WIRED Free Trial".
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

/** "Your 30-day free trial of WIRED has started." */
export function trialStartedSentence(offer: OfferForCopy, brandName?: string): string {
  const product = withBrand(offerNameWithoutTrial(offer.name), brandName);
  const trial = offer.trialDays ? `${offer.trialDays}-day free trial` : 'free trial';
  return product ? `Your ${trial} of ${product} has started.` : `Your ${trial} has started.`;
}

/** "Your Vogue Digital subscription is active." / "Your subscription to The New Yorker Digital is active." */
export function subscriptionActiveSentence(offer: OfferForCopy, brandName?: string): string {
  const product = withBrand(tidy(offer.name.replace(SUBSCRIPTION_WORD, '')), brandName);
  if (!product) return 'Your subscription is active.';
  // "Your The New Yorker subscription" reads badly: a name that starts with "The" follows "to".
  return STARTS_WITH_THE.test(product) ? `Your subscription to ${product} is active.` : `Your ${product} subscription is active.`;
}

/** The success page's first sentence for the offer bought. */
export function orderStartedSentence(offer: OfferForCopy, brandName?: string): string {
  return offer.trialOffer ? trialStartedSentence(offer, brandName) : subscriptionActiveSentence(offer, brandName);
}
