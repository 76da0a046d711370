import { z } from 'zod';
import { CURRENCY_CODES } from '@/lib/pricing/currencies';
import { MAX_PLANS } from '@/lib/pricing/template';
import { isValidSegment } from '@/lib/journey/path';
import { isReservedTopLevelSegment, RESERVED_TOP_LEVEL_SEGMENTS } from '@/lib/journey/reservedPaths';
import { ALL_OFFERS_PARENT_ID } from './crossSell';
import { readingUrlSchema } from './readingUrl';
import { DEFAULT_LOCALE, LANGUAGES, parseLocale } from '@/lib/i18n/locales';
import { savingBadgeProblem } from './savingBadge';

/**
 * The catalogue as operators import and export it: one JSON document holding brands,
 * offers, checkout flows and coupons. Every field is validated here, cross references
 * included, so that an import either writes all of it or nothing.
 */
const slug = z.string().refine(isValidSegment, {
  message: 'must be lower-case letters, digits and single hyphens, at most 64 characters',
});
const cents = z.number().int('must be a whole number of cents').nonnegative('must not be negative');
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #1a2b3c');
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
// A picture the site serves itself: the content security policy allows no other host.
const sitePath = z
  .string()
  .max(200, 'must be at most 200 characters')
  .regex(/^\/[A-Za-z0-9_-][A-Za-z0-9._/-]*\.(?:svg|webp|avif|jpe?g|png)$/i, 'must be a path on this site such as /offers/vogue.webp')
  .refine((value) => !value.includes('..') && !value.includes('//'), 'must not contain ".." or "//"');
const imageSize = z.number().int('must be a whole number of pixels').min(1, 'must be at least 1').max(4000, 'must be at most 4000');
const offerImageSchema = z.strictObject({ src: sitePath, alt: z.string().trim().max(200), width: imageSize, height: imageSize });
const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z' });

const localeSchema = z
  .string()
  .refine(
    (value) => parseLocale(value) === value,
    `must be a language and region the pages are written in: ${LANGUAGES.map((l) => `"${l}-…"`).join(', ')} (e.g. "de-DE")`,
  );

export const brandIdentitySchema = z.strictObject({
  primaryColor: hexColor,
  accentColor: hexColor,
  backgroundColor: hexColor,
  textColor: hexColor,
  fontFamily: z.enum(['serif', 'sans', 'display']),
  tagline: z.string().max(200),
});

const brandSchema = z.strictObject({
  slug: slug.refine((value) => !isReservedTopLevelSegment(value), {
    message: `is a page of the site, not a brand (${RESERVED_TOP_LEVEL_SEGMENTS.join(', ')} are reserved)`,
  }),
  name: text(80),
  identity: brandIdentitySchema,
  // The url_slug of one of the brand's campaigns: where a visitor asking for an unknown or
  // ended campaign is sent. Optional, so that catalogues exported before it still import.
  defaultCampaign: slug.nullable().default(null),
  // Where a new subscriber starts reading (the success page links it); optional, as above.
  readingUrl: readingUrlSchema,
  // The language and money format of its pages; optional, as above (lib/i18n/locales.ts).
  locale: localeSchema.default(DEFAULT_LOCALE),
});

/**
 * An offer's words in another language its campaigns offer (a Quebec buyer's French on an
 * English campaign: lib/i18n/languageOffers.ts). A word left out is not shown in that
 * language, as when there is no translation (lib/catalogue/catalogueInLocale.ts).
 */
const offerTranslationSchema = z.strictObject({
  description: text(500).optional(),
  features: z.array(text(200)).max(12).optional(),
  savingBadge: text(40).nullable().optional(),
  imageAlt: z.string().trim().max(200).optional(),
});

const offerSchema = z
  .strictObject({
    id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number written as a string (id "0" means all offers)'),
    uuid: z.uuid('must be a UUID'),
    brand: slug,
    name: text(120),
    description: text(500),
    currencyCode: z.enum(CURRENCY_CODES),
    totalAmount: cents,
    discountedAmount: cents.nullable().default(null),
    billingInterval: z.enum(['month', 'year']),
    trialOffer: z.boolean().default(false),
    trialDays: z.number().int().min(1).max(365).nullable().default(null),
    isPrintOffer: z.boolean().default(false),
    isCrossSell: z.boolean().default(false),
    features: z.array(text(200)).max(12).default([]),
    // Optional, so that catalogues exported before them still import. The badge is the
    // operator's words; a saving it states must be against the offer's own renewal price.
    savingBadge: text(40).nullable().default(null),
    image: offerImageSchema.nullable().default(null),
    // Optional, so that catalogues exported before them still import.
    translations: z.record(z.string(), offerTranslationSchema).optional(),
    parentOfferId: z
      .string()
      .regex(/^[0-9]{1,18}$/, 'must be an offer id, or "0" for all offers')
      .nullable()
      .default(null),
  })
  .superRefine((offer, ctx) => {
    if (offer.discountedAmount !== null && offer.discountedAmount > offer.totalAmount) {
      ctx.addIssue({ code: 'custom', path: ['discountedAmount'], message: 'must not be more than totalAmount' });
    }
    if (offer.isCrossSell !== (offer.parentOfferId !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['parentOfferId'],
        message: 'is required for a cross-sell offer (use "0" for all offers) and not allowed otherwise',
      });
    }
    if (offer.trialOffer !== (offer.trialDays !== null)) {
      ctx.addIssue({ code: 'custom', path: ['trialDays'], message: 'is required for a trial offer and not allowed otherwise' });
    }
    const badgeProblem = savingBadgeProblem(offer);
    if (badgeProblem) ctx.addIssue({ code: 'custom', path: ['savingBadge'], message: badgeProblem });
    // A translated badge makes the same claim to its readers: it is held to the same truth.
    for (const [locale, words] of Object.entries(offer.translations ?? {})) {
      const localeProblem = localeSchema.safeParse(locale).error?.issues[0]?.message;
      if (localeProblem)
        ctx.addIssue({ code: 'custom', path: ['translations', locale], message: `is keyed by a locale that ${localeProblem}` });
      const translated = words.savingBadge ? savingBadgeProblem({ ...offer, savingBadge: words.savingBadge }) : null;
      if (translated) ctx.addIssue({ code: 'custom', path: ['translations', locale, 'savingBadge'], message: translated });
    }
  });

const checkoutFlowSchema = z
  .strictObject({
    brand: slug,
    urlSlug: slug,
    campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"'),
    headline: text(160),
    subheadline: z.string().max(400).default(''),
    enablePreAuth: z.boolean().default(false),
    plans: z.array(z.string()).min(1, 'must name at least one offer').max(MAX_PLANS, `must name at most ${MAX_PLANS} offers`),
    // Sold from startsAt (inclusive) until endsAt (exclusive); either may be left open.
    startsAt: isoDate.nullable().default(null),
    endsAt: isoDate.nullable().default(null),
    // A campaign speaking other than its brand ("fr-CA" for Quebec); null: the brand's.
    locale: localeSchema.nullable().default(null),
  })
  .superRefine((flow, ctx) => {
    if (flow.startsAt && flow.endsAt && Date.parse(flow.startsAt) >= Date.parse(flow.endsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    }
  });

const scopeList = (what: string) => z.array(z.string().min(1)).min(1, `must name at least one ${what}`).max(200).optional();

/** "all", or where the coupon works: every list given must match (brand slugs, campaign ids, plan offer ids). */
const couponScopeSchema = z.union(
  [
    z.literal('all'),
    z
      .strictObject({ brands: scopeList('brand'), campaigns: scopeList('campaign'), offers: scopeList('offer') })
      .refine((scope) => scope.brands || scope.campaigns || scope.offers, 'must name brands, campaigns or offers (or be "all")'),
  ],
  { error: 'is required: "all", or { "brands": […], "campaigns": […], "offers": […] } (any of them)' },
);

const redemptionCap = z.number().int('must be a whole number').positive('must be at least 1').nullable().default(null);

const couponSchema = z
  .strictObject({
    code: z.string().regex(/^[A-Z0-9]{3,32}$/, 'must be 3 to 32 upper-case letters or digits'),
    percentOff: z.number().gt(0, 'must be more than 0').max(100, 'must be at most 100').optional(),
    amountOff: z.number().int('must be a whole number of cents').positive('must be more than 0').optional(),
    currencyCode: z.enum(CURRENCY_CODES).optional(),
    validFrom: isoDate.nullable().default(null),
    validUntil: isoDate.nullable().default(null),
    // No default: a code that works on every brand and offer is a choice an operator writes down.
    scope: couponScopeSchema,
    maxRedemptions: redemptionCap,
    maxRedemptionsPerCustomer: redemptionCap,
  })
  .superRefine((coupon, ctx) => {
    if ((coupon.percentOff === undefined) === (coupon.amountOff === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'exactly one of percentOff and amountOff is required' });
    }
    if ((coupon.amountOff !== undefined) !== (coupon.currencyCode !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['currencyCode'], message: 'is required with amountOff and not allowed with percentOff' });
    }
    if (coupon.validFrom && coupon.validUntil && Date.parse(coupon.validFrom) >= Date.parse(coupon.validUntil)) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'must be after validFrom' });
    }
  });

export const catalogueFileSchema = z
  .strictObject({
    brands: z.array(brandSchema),
    offers: z.array(offerSchema),
    checkoutFlows: z.array(checkoutFlowSchema),
    coupons: z.array(couponSchema),
  })
  .superRefine((file, ctx) => {
    const duplicates = (path: (string | number)[], keys: string[]) => {
      const seen = new Set<string>();
      keys.forEach((key, index) => {
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [...path, index], message: `duplicates "${key}"` });
        seen.add(key);
      });
    };
    duplicates(
      ['brands'],
      file.brands.map((b) => b.slug),
    );
    duplicates(
      ['offers'],
      file.offers.map((o) => o.id),
    );
    duplicates(
      ['offers'],
      file.offers.map((o) => o.uuid),
    );
    duplicates(
      ['checkoutFlows'],
      file.checkoutFlows.map((f) => `${f.brand}/${f.urlSlug}`),
    );
    duplicates(
      ['checkoutFlows'],
      file.checkoutFlows.map((f) => f.campaignId),
    );
    duplicates(
      ['coupons'],
      file.coupons.map((c) => c.code),
    );

    const brands = new Set(file.brands.map((b) => b.slug));
    const offers = new Map(file.offers.map((o) => [o.id, o]));
    file.offers.forEach((offer, index) => {
      if (!brands.has(offer.brand)) {
        ctx.addIssue({ code: 'custom', path: ['offers', index, 'brand'], message: `names unknown brand "${offer.brand}"` });
      }
      const parentId = offer.parentOfferId;
      if (parentId !== null && parentId !== ALL_OFFERS_PARENT_ID) {
        const parent = offers.get(parentId);
        if (!parent || parent.isCrossSell || parent.brand !== offer.brand) {
          ctx.addIssue({
            code: 'custom',
            path: ['offers', index, 'parentOfferId'],
            message: `must name a plan offer of brand "${offer.brand}" (or "0"), not "${parentId}"`,
          });
        }
      }
    });
    file.checkoutFlows.forEach((flow, index) => {
      if (!brands.has(flow.brand)) {
        ctx.addIssue({ code: 'custom', path: ['checkoutFlows', index, 'brand'], message: `names unknown brand "${flow.brand}"` });
      }
      duplicates(['checkoutFlows', index, 'plans'], flow.plans);
      flow.plans.forEach((planId, planIndex) => {
        const offer = offers.get(planId);
        if (!offer || offer.isCrossSell || offer.brand !== flow.brand) {
          ctx.addIssue({
            code: 'custom',
            path: ['checkoutFlows', index, 'plans', planIndex],
            message: `must name a plan offer of brand "${flow.brand}", not "${planId}"`,
          });
        }
      });
    });
    const flowPaths = new Set(file.checkoutFlows.map((f) => `${f.brand}/${f.urlSlug}`));
    file.brands.forEach((brand, index) => {
      if (brand.defaultCampaign !== null && !flowPaths.has(`${brand.slug}/${brand.defaultCampaign}`)) {
        ctx.addIssue({
          code: 'custom',
          path: ['brands', index, 'defaultCampaign'],
          message: `must be the urlSlug of a checkout flow of brand "${brand.slug}", not "${brand.defaultCampaign}"`,
        });
      }
    });
    const campaigns = new Set(file.checkoutFlows.map((f) => f.campaignId));
    file.coupons.forEach((coupon, index) => {
      if (coupon.scope === 'all') return;
      const unknown = (key: 'brands' | 'campaigns' | 'offers', known: (value: string) => boolean, what: string) =>
        coupon.scope !== 'all' &&
        coupon.scope[key]?.forEach((value, valueIndex) => {
          if (!known(value))
            ctx.addIssue({
              code: 'custom',
              path: ['coupons', index, 'scope', key, valueIndex],
              message: `names unknown ${what} "${value}"`,
            });
        });
      unknown('brands', (slug) => brands.has(slug), 'brand');
      unknown('campaigns', (id) => campaigns.has(id), 'campaign');
      unknown('offers', (id) => offers.has(id) && !offers.get(id)!.isCrossSell, 'plan offer');
    });
  });

export type CatalogueFileInput = z.input<typeof catalogueFileSchema>;
export type CatalogueFile = z.output<typeof catalogueFileSchema>;

/** Human-readable problems, each naming the field: "offers[2].currencyCode: Invalid option…". */
export function describeCatalogueErrors(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)).join('');
    return `${path || '(file)'}: ${issue.message}`;
  });
}

export type CatalogueParseResult = { ok: true; file: CatalogueFile } | { ok: false; errors: string[] };

export function parseCatalogueFile(input: unknown): CatalogueParseResult {
  const result = catalogueFileSchema.safeParse(input);
  return result.success ? { ok: true, file: result.data } : { ok: false, errors: describeCatalogueErrors(result.error) };
}
