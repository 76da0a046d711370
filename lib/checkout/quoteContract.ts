import { z } from 'zod';
import { isValidSegment } from '@/lib/journey/path';
import { MAX_ADD_ONS } from '@/lib/cart/cartSelection';
import type { CouponRejection } from '@/lib/catalogue/couponCheck';
import type { Quote } from '@/lib/pricing/quote';
import { parseLocale } from '@/lib/i18n/locales';
import { PREVIEW_TOKEN } from '@/lib/journey/preview';
import { EXPERIMENT_ID, VARIANT_KEYS } from '@/lib/experiments/experiment';

const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')
  .optional();
const regionCode = z
  .string()
  .regex(/^[A-Z0-9]{1,3}$/, 'must be a region code such as CA')
  .optional();

/**
 * The quote endpoint's contract, shared by the server and the browser.
 *
 * What the browser asks to be priced: a campaign's offer, add-ons, a promo code, where the buyer is. */
export const quoteRequestSchema = z.strictObject({
  brand: z.string().refine(isValidSegment, 'must be a brand slug'),
  urlSlug: z.string().refine(isValidSegment, 'must be a campaign slug'),
  offerId: z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be an offer id'),
  addOnIds: z
    .array(z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be an offer id'))
    .max(MAX_ADD_ONS, `at most ${MAX_ADD_ONS} add-ons`)
    .default([]),
  couponCode: z.string().trim().max(32, 'must be at most 32 characters').optional(),
  country: countryCode,
  region: regionCode,
  /**
   * Where a print order is delivered, when it is not the billing address: print is taxed at
   * its destination (a digital order where the buyer is, and it ignores these).
   */
  deliveryCountry: countryCode,
  deliveryRegion: regionCode,
  /** The journey's mode, whose redemptions a capped promo code is counted in; absent: live. */
  livemode: z.boolean().optional(),
  /**
   * A preview link's token, on its pages: the order is priced (and sold, in test mode only)
   * from the version it shows, and marked as a preview's (lib/server/campaigns/campaignPreviews.ts).
   */
  preview: z.string().regex(PREVIEW_TOKEN, "must be a preview link's token").optional(),
  /**
   * The experiment variant the page showed (its flow's mark), when the buyer is enrolled in
   * one: the server prices by the variant it finds for the buyer and refuses (409) when that
   * is not the one shown, so that nobody is charged a price they were not shown.
   */
  experiment: z
    .strictObject({
      id: z.string().regex(EXPERIMENT_ID, 'must be an experiment id such as exp_0123456789abcdef'),
      variant: z.enum(VARIANT_KEYS),
    })
    .optional(),
  /**
   * The language the buyer is served in (the page's locale), when it is not the campaign's:
   * one the campaign offers on the private steps (a Quebec buyer's French). The refusals are
   * worded in it, and an order keeps it for its e-mails; one the campaign does not offer is
   * refused when the request is priced.
   */
  locale: z
    .string()
    .regex(/^[A-Za-z]{2}-[A-Za-z]{2}$/, 'must be a locale such as fr-CA')
    .nullish()
    .transform((locale) => (locale ? (parseLocale(locale) ?? locale) : null)),
});

export type QuoteRequest = z.output<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

export type CouponOutcome = { code: string; applied: true } | { code: string; applied: false; reason: CouponRejection; message: string };

export interface QuoteResponse {
  campaignId: string;
  offerId: string;
  quote: Quote;
  /** The promo code asked for, and whether it was applied; null when none was given. */
  coupon: CouponOutcome | null;
  /** Whether the buyer's location requires the auto-renewal terms and consent. */
  autoRenewalConsentRequired: boolean;
}
