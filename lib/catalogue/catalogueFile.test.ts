import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VOGUE_IDENTITY as identity } from '@/tests/fixtures/flows';
import { describeCatalogueErrors, parseCatalogueFile, type CatalogueFile, type CatalogueFileInput } from './catalogueFile';
import { ALL_OFFERS_PARENT_ID } from './crossSell';

const offer = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  uuid: `5a1e0000-0000-4000-8000-${id.padStart(12, '0')}`,
  brand: 'vogue',
  name: `Offer ${id}`,
  description: `Offer ${id}: one year`,
  currencyCode: 'USD',
  totalAmount: 5000,
  discountedAmount: 2500,
  billingInterval: 'year',
  trialOffer: false,
  trialDays: null as number | null,
  isPrintOffer: false,
  isCrossSell: false,
  features: ['Unlimited access'],
  parentOfferId: null as string | null,
  ...overrides,
});

/** A small valid catalogue: each case below breaks exactly one thing in a fresh copy. */
function minimal() {
  return {
    brands: [
      { slug: 'vogue', name: 'Vogue', identity: { ...identity } },
      { slug: 'wired', name: 'WIRED', identity: { ...identity, fontFamily: 'sans' } },
    ],
    offers: [
      offer('1'),
      offer('2', { discountedAmount: null, isPrintOffer: true }),
      offer('3', { isCrossSell: true, parentOfferId: '1', discountedAmount: null, totalAmount: 2500 }),
      offer('4', { isCrossSell: true, parentOfferId: '0', discountedAmount: 1200, totalAmount: 2400 }),
      offer('5', { brand: 'wired', trialOffer: true, trialDays: 30, discountedAmount: null, totalAmount: 2999 }),
      offer('6', { brand: 'wired', currencyCode: 'GBP' }),
    ],
    checkoutFlows: [
      {
        brand: 'vogue',
        urlSlug: 'demo-single',
        campaignId: 'vogue-single',
        headline: 'Subscribe',
        subheadline: '',
        enablePreAuth: false,
        plans: ['1'],
      },
      { brand: 'vogue', urlSlug: 'demo-dual', campaignId: 'vogue_dual', headline: 'Choose', plans: ['1', '2'] },
      { brand: 'wired', urlSlug: 'demo-trial', campaignId: 'WIRED-trial-1', headline: 'Try WIRED', enablePreAuth: true, plans: ['5'] },
    ],
    coupons: [
      { code: 'SAVE20', percentOff: 20, validFrom: null, validUntil: null, scope: 'all' as const },
      { code: 'TENOFF', amountOff: 1000, currencyCode: 'USD', scope: { brands: ['vogue'], campaigns: ['vogue-single'] } },
      { code: 'OLD10', percentOff: 10, validFrom: '2024-01-01T00:00:00Z', validUntil: '2025-01-01T00:00:00+01:00', scope: 'all' as const },
      { code: 'ALL100', percentOff: 100, scope: { offers: ['1'] }, maxRedemptions: 10, maxRedemptionsPerCustomer: 1 },
    ],
  };
}

type Mutable = ReturnType<typeof minimal> & Record<string, unknown>;
type Rec = Record<string, unknown>;

function errorsOf(input: unknown): string[] {
  const result = parseCatalogueFile(input);
  if (result.ok) throw new Error('expected the catalogue to be rejected');
  return result.errors;
}

describe('parseCatalogueFile: valid input', () => {
  it('accepts the demo catalogue in data/demo-catalogue.json', () => {
    const raw: unknown = JSON.parse(readFileSync(path.resolve(__dirname, '../../data/demo-catalogue.json'), 'utf8'));
    const result = parseCatalogueFile(raw);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.file.brands.length).toBeGreaterThan(0);
    expect(result.file.offers.length).toBeGreaterThan(0);
    expect(result.file.checkoutFlows.length).toBeGreaterThan(0);
    for (const flow of result.file.checkoutFlows) {
      expect(flow.plans.length).toBeGreaterThanOrEqual(1);
      expect(flow.plans.length).toBeLessThanOrEqual(2);
    }
  });

  it('accepts the minimal catalogue', () => {
    const result = parseCatalogueFile(minimal());
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.file.offers.map((o) => o.id)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it.each(['account', 'mailbox', 'cancel', 'admin'])('refuses %s as a brand slug: it is a page of the site', (reserved) => {
    const result = parseCatalogueFile({ brands: [{ slug: reserved, name: 'X', identity }], offers: [], checkoutFlows: [], coupons: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join('\n')).toMatch(/is a page of the site, not a brand/);
  });

  it('accepts an empty catalogue', () => {
    expect(parseCatalogueFile({ brands: [], offers: [], checkoutFlows: [], coupons: [] })).toEqual({
      ok: true,
      file: { brands: [], offers: [], checkoutFlows: [], coupons: [] },
    });
  });

  it('fills in the defaults of optional fields', () => {
    const file = minimal();
    file.offers = [
      {
        id: '1',
        uuid: file.offers[0]!.uuid,
        brand: 'vogue',
        name: 'N',
        description: 'D',
        currencyCode: 'USD',
        totalAmount: 100,
        billingInterval: 'month',
      } as never,
    ];
    file.checkoutFlows = [{ brand: 'vogue', urlSlug: 'x', campaignId: 'c', headline: 'H', plans: ['1'] } as never];
    file.coupons = [{ code: 'ABC', percentOff: 5, scope: 'all' } as never];
    const result = parseCatalogueFile(file);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.file.offers[0]).toMatchObject({
      discountedAmount: null,
      trialOffer: false,
      trialDays: null,
      isPrintOffer: false,
      isCrossSell: false,
      features: [],
      parentOfferId: null,
      savingBadge: null,
      image: null,
    });
    expect(result.file.checkoutFlows[0]).toMatchObject({ subheadline: '', enablePreAuth: false, startsAt: null, endsAt: null });
    expect(result.file.brands[0]).toMatchObject({ defaultCampaign: null });
    expect(result.file.coupons[0]).toMatchObject({
      validFrom: null,
      validUntil: null,
      maxRedemptions: null,
      maxRedemptionsPerCustomer: null,
    });
  });

  it('accepts a saving badge and an image, and keeps them', () => {
    const file = minimal();
    Object.assign(file.offers[0]!, {
      savingBadge: 'Half price for your first year',
      image: { src: '/offer-images/vogue-digital.svg', alt: 'Vogue on a tablet', width: 320, height: 180 },
    });
    const result = parseCatalogueFile(file);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.file.offers[0]).toMatchObject({
      savingBadge: 'Half price for your first year',
      image: { src: '/offer-images/vogue-digital.svg', alt: 'Vogue on a tablet', width: 320, height: 180 },
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a badge whose saving is not true', { savingBadge: 'Save 80%' }, 'offers[0].savingBadge', 'states 80%'],
    ['an overlong badge', { savingBadge: 'x'.repeat(41) }, 'offers[0].savingBadge', 'at most 40 characters'],
    ['an empty badge', { savingBadge: ' ' }, 'offers[0].savingBadge', 'must not be empty'],
    [
      'an image on another host',
      { image: { src: 'https://cdn.example.com/a.webp', alt: '', width: 1, height: 1 } },
      'offers[0].image.src',
      'must be a path on this site',
    ],
    ['an image path out of public/', { image: { src: '/a/../../etc/x.svg', alt: '', width: 1, height: 1 } }, 'offers[0].image.src', '".."'],
    [
      'an image that is not a picture',
      { image: { src: '/offer.html', alt: '', width: 1, height: 1 } },
      'offers[0].image.src',
      'path on this site',
    ],
    ['an image without its size', { image: { src: '/a.svg', alt: '' } }, 'offers[0].image.width', ''],
    ['an image of no width', { image: { src: '/a.svg', alt: '', width: 0, height: 10 } }, 'offers[0].image.width', 'at least 1'],
  ])('refuses %s', (_case, overrides, fieldPath, message) => {
    const file = minimal();
    Object.assign(file.offers[0]!, overrides);
    const errors = errorsOf(file).filter((error) => error.startsWith(`${fieldPath}: `));
    expect(errors.some((error) => error.includes(message))).toBe(true);
  });

  it("keeps an offer's words in another locale, and reads a file without any as before", () => {
    const file = minimal();
    const french = {
      description: 'Vogue en numérique',
      features: ['Accès illimité'],
      savingBadge: 'Moitié prix la première année',
      imageAlt: 'Vogue sur une tablette',
    };
    Object.assign(file.offers[0]!, { translations: { 'fr-CA': french } });
    const result = parseCatalogueFile(file);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.file.offers[0]!.translations).toEqual({ 'fr-CA': french });
    const plain = parseCatalogueFile(minimal());
    if (!plain.ok) throw new Error(plain.errors.join('\n'));
    expect('translations' in plain.file.offers[0]!).toBe(false);
  });

  it.each<[string, unknown, string, string]>([
    [
      'a locale the pages are not written in',
      { 'xx-YY': { description: 'x' } },
      'offers[0].translations.xx-YY',
      'is keyed by a locale that must be a language and region',
    ],
    [
      'a translated badge whose saving is not true',
      { 'fr-CA': { savingBadge: 'Économisez 80 %' } },
      'offers[0].translations.fr-CA.savingBadge',
      'states 80%',
    ],
    ['an empty description', { 'fr-CA': { description: ' ' } }, 'offers[0].translations.fr-CA.description', 'must not be empty'],
    ['a word it does not know', { 'fr-CA': { headline: 'Vogue' } }, 'offers[0].translations.fr-CA', 'headline'],
  ])('refuses a translation with %s', (_case, translations, fieldPath, message) => {
    const file = minimal();
    Object.assign(file.offers[0]!, { translations });
    const errors = errorsOf(file).filter((error) => error.startsWith(fieldPath));
    expect(
      errors.some((error) => error.includes(message)),
      errorsOf(file).join('\n'),
    ).toBe(true);
  });

  it('trims names', () => {
    const file = minimal();
    file.offers[0]!.name = '  Vogue Digital  ';
    const result = parseCatalogueFile(file);
    expect(result.ok && result.file.offers[0]?.name).toBe('Vogue Digital');
  });

  it.each<[string, (f: Mutable) => void]>([
    [
      'a discounted amount equal to the total',
      (f) => {
        f.offers[0]!.discountedAmount = 5000;
      },
    ],
    [
      'a discounted amount of 0',
      (f) => {
        f.offers[0]!.discountedAmount = 0;
      },
    ],
    [
      'a total of 0',
      (f) => {
        f.offers[1]!.totalAmount = 0;
      },
    ],
    [
      'percentOff of 100',
      (f) => {
        f.coupons[0]!.percentOff = 100;
      },
    ],
    [
      'a fractional percentOff',
      (f) => {
        f.coupons[0]!.percentOff = 33.333;
      },
    ],
    [
      'a 64-character slug',
      (f) => {
        f.checkoutFlows[0]!.urlSlug = 'a'.repeat(64);
      },
    ],
    [
      'a trial of 365 days',
      (f) => {
        (f.offers[4] as Rec).trialDays = 365;
      },
    ],
    [
      'a trial of 1 day',
      (f) => {
        (f.offers[4] as Rec).trialDays = 1;
      },
    ],
    [
      'an 18-digit offer id',
      (f) => {
        f.offers[5]!.id = '123456789012345678';
      },
    ],
    [
      'only validFrom',
      (f) => {
        f.coupons[0]!.validFrom = '2030-01-01T00:00:00Z';
      },
    ],
    [
      'only validUntil',
      (f) => {
        f.coupons[0]!.validUntil = '2030-01-01T00:00:00.000Z';
      },
    ],
    [
      'a cross-sell of the other brand with parent "0"',
      (f) => {
        f.offers[3]!.brand = 'wired';
      },
    ],
    [
      'a dual flow across currencies',
      (f) => {
        f.checkoutFlows[2]!.plans = ['5', '6'];
      },
    ],
    [
      'twelve features',
      (f) => {
        f.offers[0]!.features = Array.from({ length: 12 }, (_, i) => `F${i}`);
      },
    ],
    [
      'a default campaign of the brand, pre-auth or not',
      (f) => {
        (f.brands[0] as Rec).defaultCampaign = 'demo-dual';
        (f.brands[1] as Rec).defaultCampaign = 'demo-trial';
      },
    ],
    [
      'a campaign with only an end, one with only a start, one with both',
      (f) => {
        Object.assign(f.checkoutFlows[0]!, { endsAt: '2025-09-01T00:00:00Z' });
        Object.assign(f.checkoutFlows[1]!, { startsAt: '2030-01-01T00:00:00+02:00' });
        Object.assign(f.checkoutFlows[2]!, { startsAt: '2025-06-01T00:00:00Z', endsAt: '2025-06-01T00:00:00.001Z' });
      },
    ],
  ])('accepts %s', (_label, mutate) => {
    const file = minimal() as Mutable;
    mutate(file);
    const result = parseCatalogueFile(file);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.ok).toBe(true);
  });
});

/**
 * Add-ons offered beside a plan whose features promise the same thing free or included
 * ("Free tote bag…" beside a paid "Tote"), as "plan id → add-on id (feature)".
 */
function addOnsAlreadyPromised(file: CatalogueFile): string[] {
  const promise = /\b(?:free|included|includes|including|with your)\b/i;
  const stopWords = new Set(['the', 'and', 'for', 'with', 'add', 'on']);
  const brandNames = new Map(file.brands.map((brand) => [brand.slug, brand.name.toLowerCase()]));
  const found: string[] = [];
  for (const plan of file.offers.filter((offer) => !offer.isCrossSell)) {
    const promises = plan.features.filter((feature) => promise.test(feature));
    const addOns = file.offers.filter(
      (offer) =>
        offer.isCrossSell &&
        offer.brand === plan.brand &&
        (offer.parentOfferId === ALL_OFFERS_PARENT_ID || offer.parentOfferId === plan.id),
    );
    for (const addOn of addOns) {
      const words = addOn.name
        .toLowerCase()
        .replace(brandNames.get(addOn.brand) ?? '', ' ')
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length >= 3 && !stopWords.has(word));
      for (const feature of promises) {
        if (
          words.some((word) =>
            feature
              .toLowerCase()
              .split(/[^\p{L}\p{N}]+/u)
              .some((said) => said.startsWith(word)),
          )
        ) {
          found.push(`${plan.id} → ${addOn.id} (${feature})`);
        }
      }
    }
  }
  return found;
}

describe('the demo catalogue', () => {
  const demo = (): CatalogueFile => {
    const result = parseCatalogueFile(JSON.parse(readFileSync(path.resolve(__dirname, '../../data/demo-catalogue.json'), 'utf8')));
    if (!result.ok) throw new Error(result.errors.join('\n'));
    return result.file;
  };

  it('sells no add-on beside a plan that already promises it free', () => {
    expect(addOnsAlreadyPromised(demo())).toEqual([]);
  });

  it('would notice a plan promising a free tote beside the tote add-on', () => {
    const file = demo();
    const tote = file.offers.find((offer) => offer.isCrossSell && /tote/i.test(offer.name))!;
    const plan = file.offers.find((offer) => offer.id === tote.parentOfferId)!;
    plan.features = [...plan.features, 'Free tote bag with your first issue'];
    expect(addOnsAlreadyPromised(file)).toEqual([`${plan.id} → ${tote.id} (Free tote bag with your first issue)`]);
  });
});

describe('parseCatalogueFile: one mutation each', () => {
  it.each<[string, (f: Mutable) => void, string, string | RegExp]>([
    // Offers: amounts and currency
    [
      'bad currency',
      (f) => {
        f.offers[0]!.currencyCode = 'JPY';
      },
      'offers[0].currencyCode',
      /./,
    ],
    [
      'lower-case currency',
      (f) => {
        f.offers[0]!.currencyCode = 'usd';
      },
      'offers[0].currencyCode',
      /./,
    ],
    [
      'negative amount',
      (f) => {
        f.offers[0]!.totalAmount = -1;
      },
      'offers[0].totalAmount',
      'must not be negative',
    ],
    [
      'fractional cents',
      (f) => {
        f.offers[0]!.totalAmount = 49.99;
      },
      'offers[0].totalAmount',
      'whole number of cents',
    ],
    [
      'string amount',
      (f) => {
        (f.offers[0] as Rec).totalAmount = '5000';
      },
      'offers[0].totalAmount',
      /./,
    ],
    [
      'negative discounted amount',
      (f) => {
        f.offers[0]!.discountedAmount = -5;
      },
      'offers[0].discountedAmount',
      'must not be negative',
    ],
    [
      'fractional discounted amount',
      (f) => {
        f.offers[0]!.discountedAmount = 2499.5;
      },
      'offers[0].discountedAmount',
      'whole number of cents',
    ],
    [
      'discountedAmount > totalAmount',
      (f) => {
        f.offers[0]!.discountedAmount = 5001;
      },
      'offers[0].discountedAmount',
      'must not be more than totalAmount',
    ],
    // Offers: identifiers
    [
      'offer id "0"',
      (f) => {
        f.offers[0]!.id = '0';
      },
      'offers[0].id',
      /./,
    ],
    [
      'offer id with leading zero',
      (f) => {
        f.offers[0]!.id = '01';
      },
      'offers[0].id',
      /./,
    ],
    [
      'non-numeric offer id',
      (f) => {
        f.offers[0]!.id = 'abc';
      },
      'offers[0].id',
      /./,
    ],
    [
      '19-digit offer id',
      (f) => {
        f.offers[0]!.id = '1234567890123456789';
      },
      'offers[0].id',
      /./,
    ],
    [
      'numeric offer id',
      (f) => {
        (f.offers[0] as Rec).id = 1;
      },
      'offers[0].id',
      /./,
    ],
    [
      'bad uuid',
      (f) => {
        f.offers[0]!.uuid = 'not-a-uuid';
      },
      'offers[0].uuid',
      'must be a UUID',
    ],
    [
      'duplicate offer ids',
      (f) => {
        f.offers[1]!.id = '1';
      },
      'offers[1]',
      'duplicates "1"',
    ],
    [
      'duplicate offer uuids',
      (f) => {
        f.offers[1]!.uuid = f.offers[0]!.uuid;
      },
      'offers[1]',
      `duplicates "${offer('1').uuid}"`,
    ],
    // Offers: text
    [
      'empty name',
      (f) => {
        f.offers[0]!.name = '';
      },
      'offers[0].name',
      'must not be empty',
    ],
    [
      'blank name',
      (f) => {
        f.offers[0]!.name = '   ';
      },
      'offers[0].name',
      'must not be empty',
    ],
    [
      'overlong name',
      (f) => {
        f.offers[0]!.name = 'x'.repeat(121);
      },
      'offers[0].name',
      'at most 120 characters',
    ],
    [
      'overlong description',
      (f) => {
        f.offers[0]!.description = 'x'.repeat(501);
      },
      'offers[0].description',
      'at most 500 characters',
    ],
    [
      'missing description',
      (f) => {
        delete (f.offers[0] as Rec).description;
      },
      'offers[0].description',
      /./,
    ],
    [
      'empty feature',
      (f) => {
        f.offers[0]!.features = ['ok', ''];
      },
      'offers[0].features[1]',
      'must not be empty',
    ],
    [
      'thirteen features',
      (f) => {
        f.offers[0]!.features = Array.from({ length: 13 }, (_, i) => `F${i}`);
      },
      'offers[0].features',
      /./,
    ],
    [
      'bad billing interval',
      (f) => {
        f.offers[0]!.billingInterval = 'week';
      },
      'offers[0].billingInterval',
      /./,
    ],
    // Offers: cross-sells
    [
      'cross-sell without parentOfferId',
      (f) => {
        f.offers[2]!.parentOfferId = null;
      },
      'offers[2].parentOfferId',
      'is required for a cross-sell offer',
    ],
    [
      'parentOfferId on a plan offer',
      (f) => {
        (f.offers[0] as Rec).parentOfferId = '2';
      },
      'offers[0].parentOfferId',
      'not allowed otherwise',
    ],
    [
      'parentOfferId naming an unknown offer',
      (f) => {
        f.offers[2]!.parentOfferId = '999';
      },
      'offers[2].parentOfferId',
      'not "999"',
    ],
    [
      'parentOfferId naming a cross-sell',
      (f) => {
        f.offers[2]!.parentOfferId = '4';
      },
      'offers[2].parentOfferId',
      'must name a plan offer of brand "vogue"',
    ],
    [
      'parentOfferId naming another brand',
      (f) => {
        f.offers[2]!.parentOfferId = '5';
      },
      'offers[2].parentOfferId',
      'must name a plan offer of brand "vogue"',
    ],
    [
      'parentOfferId naming itself',
      (f) => {
        f.offers[2]!.parentOfferId = '3';
      },
      'offers[2].parentOfferId',
      'not "3"',
    ],
    [
      'malformed parentOfferId',
      (f) => {
        f.offers[2]!.parentOfferId = 'x1';
      },
      'offers[2].parentOfferId',
      /./,
    ],
    // Offers: trials
    [
      'trial without trialDays',
      (f) => {
        (f.offers[4] as Rec).trialDays = null;
      },
      'offers[4].trialDays',
      'is required for a trial offer',
    ],
    [
      'trialDays without trial',
      (f) => {
        (f.offers[0] as Rec).trialDays = 14;
      },
      'offers[0].trialDays',
      'not allowed otherwise',
    ],
    [
      'trialDays of 0',
      (f) => {
        (f.offers[4] as Rec).trialDays = 0;
      },
      'offers[4].trialDays',
      /./,
    ],
    [
      'trialDays of 366',
      (f) => {
        (f.offers[4] as Rec).trialDays = 366;
      },
      'offers[4].trialDays',
      /./,
    ],
    [
      'fractional trialDays',
      (f) => {
        (f.offers[4] as Rec).trialDays = 1.5;
      },
      'offers[4].trialDays',
      /./,
    ],
    // Offers: brands
    [
      'offer of an unknown brand',
      (f) => {
        f.offers[5]!.brand = 'gq';
      },
      'offers[5].brand',
      'names unknown brand "gq"',
    ],
    [
      'offer with a bad brand slug',
      (f) => {
        f.offers[0]!.brand = 'Vogue';
      },
      'offers[0].brand',
      'must be lower-case',
    ],
    // Checkout flows
    [
      'flow with 0 plans',
      (f) => {
        f.checkoutFlows[0]!.plans = [];
      },
      'checkoutFlows[0].plans',
      'must name at least one offer',
    ],
    [
      'flow with 3 plans',
      (f) => {
        f.checkoutFlows[1]!.plans = ['1', '2', '1'];
      },
      'checkoutFlows[1].plans',
      'must name at most 2 offers',
    ],
    [
      'flow naming an unknown offer',
      (f) => {
        f.checkoutFlows[0]!.plans = ['999'];
      },
      'checkoutFlows[0].plans[0]',
      'not "999"',
    ],
    [
      'flow naming a cross-sell',
      (f) => {
        f.checkoutFlows[1]!.plans = ['1', '3'];
      },
      'checkoutFlows[1].plans[1]',
      'must name a plan offer of brand "vogue", not "3"',
    ],
    [
      'flow naming an all-offers cross-sell',
      (f) => {
        f.checkoutFlows[0]!.plans = ['4'];
      },
      'checkoutFlows[0].plans[0]',
      'not "4"',
    ],
    [
      "flow naming another brand's offer",
      (f) => {
        f.checkoutFlows[0]!.plans = ['5'];
      },
      'checkoutFlows[0].plans[0]',
      'must name a plan offer of brand "vogue", not "5"',
    ],
    [
      'flow naming the same offer twice',
      (f) => {
        f.checkoutFlows[1]!.plans = ['1', '1'];
      },
      'checkoutFlows[1].plans[1]',
      'duplicates "1"',
    ],
    [
      'flow of an unknown brand',
      (f) => {
        f.checkoutFlows[0]!.brand = 'gq';
      },
      'checkoutFlows[0].brand',
      'names unknown brand "gq"',
    ],
    [
      'flow with a bad url slug',
      (f) => {
        f.checkoutFlows[0]!.urlSlug = 'demo_single';
      },
      'checkoutFlows[0].urlSlug',
      'must be lower-case',
    ],
    [
      'flow with an upper-case url slug',
      (f) => {
        f.checkoutFlows[0]!.urlSlug = 'Demo';
      },
      'checkoutFlows[0].urlSlug',
      'must be lower-case',
    ],
    [
      'flow with a slash in the url slug',
      (f) => {
        f.checkoutFlows[0]!.urlSlug = 'demo/single';
      },
      'checkoutFlows[0].urlSlug',
      'must be lower-case',
    ],
    [
      'flow with a 65-character url slug',
      (f) => {
        f.checkoutFlows[0]!.urlSlug = 'a'.repeat(65);
      },
      'checkoutFlows[0].urlSlug',
      'at most 64 characters',
    ],
    [
      'flow with a bad campaign id',
      (f) => {
        f.checkoutFlows[0]!.campaignId = 'bad id!';
      },
      'checkoutFlows[0].campaignId',
      /./,
    ],
    [
      'flow with an empty campaign id',
      (f) => {
        f.checkoutFlows[0]!.campaignId = '';
      },
      'checkoutFlows[0].campaignId',
      /./,
    ],
    [
      'duplicate flow brand/urlSlug',
      (f) => {
        f.checkoutFlows[1]!.urlSlug = 'demo-single';
      },
      'checkoutFlows[1]',
      'duplicates "vogue/demo-single"',
    ],
    [
      'duplicate campaign ids',
      (f) => {
        f.checkoutFlows[2]!.campaignId = 'vogue-single';
      },
      'checkoutFlows[2]',
      'duplicates "vogue-single"',
    ],
    [
      'flow with an empty headline',
      (f) => {
        f.checkoutFlows[0]!.headline = '';
      },
      'checkoutFlows[0].headline',
      'must not be empty',
    ],
    [
      'flow with a string enablePreAuth',
      (f) => {
        (f.checkoutFlows[0] as Rec).enablePreAuth = 'yes';
      },
      'checkoutFlows[0].enablePreAuth',
      /./,
    ],
    // Brands
    [
      'bad brand slug',
      (f) => {
        f.brands[0]!.slug = 'Vogue';
      },
      'brands[0].slug',
      'must be lower-case',
    ],
    [
      'brand slug with a space',
      (f) => {
        f.brands[1]!.slug = 'wi red';
      },
      'brands[1].slug',
      'must be lower-case',
    ],
    [
      'duplicate brand slugs',
      (f) => {
        f.brands[1]!.slug = 'vogue';
      },
      'brands[1]',
      'duplicates "vogue"',
    ],
    [
      'empty brand name',
      (f) => {
        f.brands[0]!.name = '';
      },
      'brands[0].name',
      'must not be empty',
    ],
    [
      'bad colour',
      (f) => {
        f.brands[0]!.identity.primaryColor = 'black';
      },
      'brands[0].identity.primaryColor',
      'must be a colour',
    ],
    [
      'short colour',
      (f) => {
        f.brands[0]!.identity.textColor = '#fff';
      },
      'brands[0].identity.textColor',
      'must be a colour',
    ],
    [
      'bad font family',
      (f) => {
        f.brands[0]!.identity.fontFamily = 'comic';
      },
      'brands[0].identity.fontFamily',
      /./,
    ],
    [
      'overlong tagline',
      (f) => {
        f.brands[0]!.identity.tagline = 'x'.repeat(201);
      },
      'brands[0].identity.tagline',
      /./,
    ],
    // Coupons
    [
      'coupon with both percentOff and amountOff',
      (f) => {
        Object.assign(f.coupons[0]!, { amountOff: 100, currencyCode: 'USD' });
      },
      'coupons[0].percentOff',
      'exactly one of percentOff and amountOff',
    ],
    [
      'coupon with neither percentOff nor amountOff',
      (f) => {
        delete (f.coupons[0] as Rec).percentOff;
      },
      'coupons[0].percentOff',
      'exactly one of percentOff and amountOff',
    ],
    [
      'amountOff without currencyCode',
      (f) => {
        delete (f.coupons[1] as Rec).currencyCode;
      },
      'coupons[1].currencyCode',
      'is required with amountOff',
    ],
    [
      'percentOff with currencyCode',
      (f) => {
        (f.coupons[0] as Rec).currencyCode = 'USD';
      },
      'coupons[0].currencyCode',
      'not allowed with percentOff',
    ],
    [
      'coupon in an unknown currency',
      (f) => {
        (f.coupons[1] as Rec).currencyCode = 'JPY';
      },
      'coupons[1].currencyCode',
      /./,
    ],
    [
      'percentOff of 0',
      (f) => {
        f.coupons[0]!.percentOff = 0;
      },
      'coupons[0].percentOff',
      'must be more than 0',
    ],
    [
      'percentOff over 100',
      (f) => {
        f.coupons[0]!.percentOff = 100.5;
      },
      'coupons[0].percentOff',
      'must be at most 100',
    ],
    [
      'amountOff of 0',
      (f) => {
        (f.coupons[1] as Rec).amountOff = 0;
      },
      'coupons[1].amountOff',
      'must be more than 0',
    ],
    [
      'fractional amountOff',
      (f) => {
        (f.coupons[1] as Rec).amountOff = 99.5;
      },
      'coupons[1].amountOff',
      'whole number of cents',
    ],
    // Brands' default campaigns and campaigns' dates (issue 25)
    [
      'a default campaign that does not exist',
      (f) => {
        (f.brands[0] as Rec).defaultCampaign = 'no-such-campaign';
      },
      'brands[0].defaultCampaign',
      'must be the urlSlug of a checkout flow of brand "vogue", not "no-such-campaign"',
    ],
    [
      "a default campaign of another brand's",
      (f) => {
        (f.brands[0] as Rec).defaultCampaign = 'demo-trial';
      },
      'brands[0].defaultCampaign',
      'must be the urlSlug of a checkout flow of brand "vogue"',
    ],
    [
      'a default campaign in upper case',
      (f) => {
        (f.brands[0] as Rec).defaultCampaign = 'Demo-Single';
      },
      'brands[0].defaultCampaign',
      'lower-case',
    ],
    [
      'a campaign ending before it starts',
      (f) => {
        Object.assign(f.checkoutFlows[0]!, { startsAt: '2027-01-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' });
      },
      'checkoutFlows[0].endsAt',
      'must be after startsAt',
    ],
    [
      'a campaign ending as it starts',
      (f) => {
        Object.assign(f.checkoutFlows[0]!, { startsAt: '2027-01-01T01:00:00+01:00', endsAt: '2027-01-01T00:00:00Z' });
      },
      'checkoutFlows[0].endsAt',
      'must be after startsAt',
    ],
    [
      'a campaign start without a time',
      (f) => {
        Object.assign(f.checkoutFlows[0]!, { startsAt: '2027-01-01' });
      },
      'checkoutFlows[0].startsAt',
      'ISO 8601',
    ],
    [
      'validUntil before validFrom',
      (f) => {
        f.coupons[2]!.validUntil = '2023-12-31T23:59:59Z';
      },
      'coupons[2].validUntil',
      'must be after validFrom',
    ],
    [
      'validUntil equal to validFrom',
      (f) => {
        f.coupons[2]!.validUntil = '2024-01-01T01:00:00+01:00';
      },
      'coupons[2].validUntil',
      'must be after validFrom',
    ],
    [
      'date without time',
      (f) => {
        f.coupons[2]!.validFrom = '2024-01-01';
      },
      'coupons[2].validFrom',
      'ISO 8601',
    ],
    [
      'unparseable date',
      (f) => {
        f.coupons[2]!.validUntil = 'next year';
      },
      'coupons[2].validUntil',
      'ISO 8601',
    ],
    [
      'lower-case coupon code',
      (f) => {
        f.coupons[0]!.code = 'save20';
      },
      'coupons[0].code',
      'upper-case letters or digits',
    ],
    [
      'two-character coupon code',
      (f) => {
        f.coupons[0]!.code = 'AB';
      },
      'coupons[0].code',
      'upper-case letters or digits',
    ],
    [
      'coupon code with a hyphen',
      (f) => {
        f.coupons[0]!.code = 'SAVE-20';
      },
      'coupons[0].code',
      'upper-case letters or digits',
    ],
    [
      'duplicate coupon codes',
      (f) => {
        f.coupons[1]!.code = 'SAVE20';
      },
      'coupons[1]',
      'duplicates "SAVE20"',
    ],
    // Coupon scopes and caps: a coupon good everywhere is written down, never assumed.
    [
      'coupon without a scope',
      (f) => {
        delete (f.coupons[0] as Rec).scope;
      },
      'coupons[0].scope',
      'is required: "all"',
    ],
    [
      'coupon with an empty scope',
      (f) => {
        (f.coupons[0] as Rec).scope = {};
      },
      'coupons[0].scope',
      'must name brands, campaigns or offers',
    ],
    [
      'coupon scoped to an empty list',
      (f) => {
        (f.coupons[0] as Rec).scope = { brands: [] };
      },
      'coupons[0].scope.brands',
      'at least one brand',
    ],
    [
      'coupon scoped to an unknown brand',
      (f) => {
        (f.coupons[1] as Rec).scope = { brands: ['vogue', 'nope'] };
      },
      'coupons[1].scope.brands[1]',
      'unknown brand "nope"',
    ],
    [
      'coupon scoped to an unknown campaign',
      (f) => {
        (f.coupons[1] as Rec).scope = { campaigns: ['nope'] };
      },
      'coupons[1].scope.campaigns[0]',
      'unknown campaign "nope"',
    ],
    [
      'coupon scoped to an unknown offer',
      (f) => {
        (f.coupons[1] as Rec).scope = { offers: ['999'] };
      },
      'coupons[1].scope.offers[0]',
      'unknown plan offer "999"',
    ],
    [
      'coupon scope with an unknown key',
      (f) => {
        (f.coupons[1] as Rec).scope = { brand: ['vogue'] };
      },
      'coupons[1].scope',
      'Unrecognized key: "brand"',
    ],
    [
      'coupon with a cap of 0',
      (f) => {
        (f.coupons[0] as Rec).maxRedemptions = 0;
      },
      'coupons[0].maxRedemptions',
      'at least 1',
    ],
    [
      'coupon with a fractional per-customer cap',
      (f) => {
        (f.coupons[0] as Rec).maxRedemptionsPerCustomer = 1.5;
      },
      'coupons[0].maxRedemptionsPerCustomer',
      'whole number',
    ],
    // Strict objects: unknown extra fields
    [
      'unknown field on the file',
      (f) => {
        f.extra = 1;
      },
      '(file)',
      'extra',
    ],
    [
      'unknown field on a brand',
      (f) => {
        (f.brands[0] as Rec).logo = 'x';
      },
      'brands[0]',
      'logo',
    ],
    [
      'unknown field on a brand identity',
      (f) => {
        (f.brands[0]!.identity as Rec).font = 'x';
      },
      'brands[0].identity',
      'font',
    ],
    [
      'unknown field on an offer',
      (f) => {
        (f.offers[0] as Rec).currency = '$';
      },
      'offers[0]',
      'currency',
    ],
    [
      'unknown field on a flow',
      (f) => {
        (f.checkoutFlows[0] as Rec).templateIdentifier = 'single-offer-v1';
      },
      'checkoutFlows[0]',
      'templateIdentifier',
    ],
    [
      'unknown field on a coupon',
      (f) => {
        (f.coupons[0] as Rec).percent_off = 20;
      },
      'coupons[0]',
      'percent_off',
    ],
    // Shape of the file
    [
      'missing coupons',
      (f) => {
        delete (f as Rec).coupons;
      },
      'coupons',
      /./,
    ],
    [
      'offers not an array',
      (f) => {
        (f as Rec).offers = {};
      },
      'offers',
      /./,
    ],
  ])('%s → names %s', (_label, mutate, fieldPath, message) => {
    const file = minimal() as Mutable;
    mutate(file);
    const errors = errorsOf(file);
    const matching = errors.filter((e) => e.startsWith(`${fieldPath}: `));
    expect(matching, `errors were:\n${errors.join('\n')}`).not.toHaveLength(0);
    const messages = matching.map((e) => e.slice(fieldPath.length + 2));
    if (typeof message === 'string')
      expect(
        messages.some((m) => m.includes(message)),
        messages.join('\n'),
      ).toBe(true);
    else
      expect(
        messages.some((m) => message.test(m)),
        messages.join('\n'),
      ).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'catalogue'],
    ['an array', []],
    ['a number', 42],
    ['undefined', undefined],
  ])('rejects %s at the file level', (_label, input) => {
    const errors = errorsOf(input);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^\(file\): /);
  });

  it('reports every problem, not only the first', () => {
    const file = minimal() as Mutable;
    file.offers[0]!.currencyCode = 'JPY';
    file.brands[1]!.slug = 'Bad';
    file.coupons[0]!.code = 'x';
    const errors = errorsOf(file);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^offers\[0\]\.currencyCode: /),
        expect.stringMatching(/^brands\[1\]\.slug: /),
        expect.stringMatching(/^coupons\[0\]\.code: /),
      ]),
    );
  });

  it('does not change its input', () => {
    const file = minimal();
    const copy = structuredClone(file);
    parseCatalogueFile(file);
    expect(file).toEqual(copy);
  });
});

describe('describeCatalogueErrors', () => {
  const issue = (p: (string | number)[], message: string) => ({ code: 'custom' as const, path: p, message, input: undefined });

  it.each<[(string | number)[], string]>([
    [['offers', 0, 'currencyCode'], 'offers[0].currencyCode: boom'],
    [['offers', 12, 'features', 3], 'offers[12].features[3]: boom'],
    [['checkoutFlows', 1, 'plans'], 'checkoutFlows[1].plans: boom'],
    [['brands', 0, 'identity', 'primaryColor'], 'brands[0].identity.primaryColor: boom'],
    [['coupons'], 'coupons: boom'],
    [['coupons', 2], 'coupons[2]: boom'],
    [[], '(file): boom'],
    [[0], '[0]: boom'],
  ])('formats path %j', (issuePath, expected) => {
    expect(describeCatalogueErrors(new z.ZodError([issue(issuePath, 'boom')]))).toEqual([expected]);
  });

  it('keeps one line per issue, in order', () => {
    const error = new z.ZodError([issue(['a'], 'first'), issue(['b', 1], 'second')]);
    expect(describeCatalogueErrors(error)).toEqual(['a: first', 'b[1]: second']);
  });

  it('gives no lines for no issues', () => {
    expect(describeCatalogueErrors(new z.ZodError([]))).toEqual([]);
  });
});

// Keep the input type in use so that the fixture stays assignable to the schema's input.
const _typed: CatalogueFileInput = minimal() as CatalogueFileInput;
void _typed;
