import { beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { quoteRequestSchema, type QuoteRequestInput } from '@/lib/checkout/quoteContract';
import { HttpError } from '@/lib/server/http/HttpError';
import { quoteCheckout } from './quoteService';

let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

const now = new Date('2026-11-21T12:00:00Z');
const quote = (input: QuoteRequestInput) => quoteCheckout(snapshot, quoteRequestSchema.parse(input), now);
const dual = { brand: 'newyorker', urlSlug: 'demo-dual' };

function refusal(input: QuoteRequestInput): { status: number; code: string } {
  try {
    quote(input);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected the quote to be refused');
}

describe('quoteCheckout', () => {
  it.each([
    ['single offer', { brand: 'vogue', urlSlug: 'demo-single', offerId: '1001' }, { subtotal: 2500, discount: 0, tax: 0, total: 2500 }],
    ['print plan', { ...dual, offerId: '2002' }, { subtotal: 14900, discount: 0, tax: 0, total: 14900 }],
    ['SAVE20', { ...dual, offerId: '2001', couponCode: 'SAVE20' }, { subtotal: 9900, discount: 1980, total: 7920 }],
    ['TENOFF', { ...dual, offerId: '2001', couponCode: 'tenoff' }, { subtotal: 9900, discount: 1000, total: 8900 }],
    ['FREE100', { brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', couponCode: 'FREE100' }, { discount: 2500, total: 0 }],
    ['trial', { brand: 'wired', urlSlug: 'demo-trial', offerId: '3001', country: 'US', region: 'WA' }, { subtotal: 0, tax: 0, total: 0 }],
    ['sales tax in Washington', { ...dual, offerId: '2001', country: 'US', region: 'WA' }, { subtotal: 9900, tax: 644, total: 10544 }],
    ['no tax in Oregon', { ...dual, offerId: '2001', country: 'US', region: 'OR' }, { tax: 0, total: 9900 }],
    ['HST in Ontario', { ...dual, offerId: '2001', country: 'CA', region: 'ON' }, { tax: 1287, total: 11187 }],
    [
      'GBP offer',
      { brand: 'gq', urlSlug: 'demo-gbp', offerId: '4001', couponCode: 'SAVE20' },
      { currencyCode: 'GBP', subtotal: 1999, discount: 400, total: 1599 },
    ],
    [
      'print plan with both add-ons',
      { ...dual, offerId: '2002', addOnIds: ['2101', '2102'] },
      { subtotal: 14900 + 2500 + 1200, total: 18600 },
    ],
    ['digital plan with the add-on for all offers', { ...dual, offerId: '2001', addOnIds: ['2102'] }, { subtotal: 11100 }],
  ])('%s', (_name, input, expected) => {
    expect(quote(input).quote).toMatchObject(expected);
  });

  it("carries each line's price over time from the catalogue, so every step can word it", () => {
    const lines = quote({ ...dual, offerId: '2002', addOnIds: ['2102'] }).quote.lines;
    expect(lines[0]).toMatchObject({
      offerId: '2002',
      amount: 14900,
      terms: { currencyCode: 'USD', billingInterval: 'year', firstAmount: 14900, renewalAmount: 20000, trialOffer: false, trialDays: null },
    });
    // An add-on is bought once: no renewal to word.
    expect(lines[1]).not.toHaveProperty('terms');
    const trial = quote({ brand: 'wired', urlSlug: 'demo-trial', offerId: '3001' }).quote.lines[0];
    expect(trial?.terms).toMatchObject({ trialOffer: true, firstAmount: 0, trialDays: expect.any(Number) });
  });

  it.each([
    ['NOPE', 'unknown', '"NOPE" is not a valid promo code.'],
    ['old10', 'expired', 'The promo code OLD10 has expired.'],
  ])('keeps the total when the promo code %s is refused (%s)', (couponCode, reason, message) => {
    const result = quote({ ...dual, offerId: '2001', couponCode });
    expect(result.quote.total).toBe(9900);
    expect(result.coupon).toEqual({ code: couponCode.toUpperCase(), applied: false, reason, message });
  });

  it("words a refused code and a refused request in the campaign's language, with the same codes", () => {
    const german = { brand: 'gq', urlSlug: 'demo-de', offerId: '4101' };
    expect(quote({ ...german, couponCode: 'tenoff' }).coupon).toEqual({
      code: 'TENOFF',
      applied: false,
      reason: 'wrong_currency',
      message: 'Der Gutscheincode TENOFF kann nicht für Preise in EUR eingelöst werden.',
    });
    expect(() => quote({ ...german, offerId: '1001' })).toThrow(
      expect.objectContaining({ status: 404, code: 'offer_not_found', message: 'Dieses Angebot gehört nicht zu dieser Aktion.' }),
    );
    expect(() => quote({ brand: 'vogue', urlSlug: 'demo-fr', offerId: '1101', country: 'RU' })).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'country_not_supported',
        message: 'Nous ne pouvons pas vendre d’abonnements dans ce pays.',
      }),
    );
  });

  it('words the refusals in a language the campaign offers when the request names it, and refuses one it does not offer', () => {
    const canadian = { brand: 'newyorker', urlSlug: 'demo-ca', offerId: '2201', couponCode: 'nope' };
    expect(quote(canadian).coupon).toMatchObject({ applied: false, reason: 'unknown', message: '"NOPE" is not a valid promo code.' });
    expect(quote({ ...canadian, locale: 'fr-ca' }).coupon).toMatchObject({
      applied: false,
      reason: 'unknown',
      message: '« NOPE » n’est pas un code promo valide.',
    });
    expect(refusal({ ...canadian, locale: 'de-DE' })).toEqual({ status: 400, code: 'invalid_locale' });
    expect(quoteRequestSchema.safeParse({ ...canadian, locale: 'french' }).error?.issues[0]).toMatchObject({
      path: ['locale'],
      message: 'must be a locale such as fr-CA',
    });
  });

  it('refuses TENOFF (dollars) on a pound offer, leaving the total', () => {
    const result = quote({ brand: 'gq', urlSlug: 'demo-gbp', offerId: '4001', couponCode: 'TENOFF' });
    expect(result.coupon).toMatchObject({ applied: false, reason: 'wrong_currency' });
    expect(result.quote.total).toBe(1999);
  });

  it('says applied for a code that was used', () => {
    expect(quote({ ...dual, offerId: '2001', couponCode: ' save20 ' }).coupon).toEqual({ code: 'SAVE20', applied: true });
  });

  it.each([
    [{ brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', country: 'US', region: 'CA' }, true],
    [{ brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', country: 'US', region: 'NY' }, true],
    [{ brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', country: 'US', region: 'TX' }, false],
    [{ brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', country: 'US' }, false],
    [{ brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', country: 'DE' }, true],
    [{ brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', country: 'GB' }, false],
    [{ brand: 'vogue', urlSlug: 'demo-single', offerId: '1001' }, false],
  ])('auto-renewal consent for %o is %s', (input, required) => {
    expect(quote(input).autoRenewalConsentRequired).toBe(required);
  });

  it.each([
    ['unknown campaign', { brand: 'vogue', urlSlug: 'nope', offerId: '1001' }, 404, 'campaign_not_found'],
    [
      'an ended campaign (the demo catalogue’s vogue/demo-ended)',
      { brand: 'vogue', urlSlug: 'demo-ended', offerId: '1001' },
      410,
      'campaign_ended',
    ],
    ['offer of another campaign', { ...dual, offerId: '1001' }, 404, 'offer_not_found'],
    ['a cross-sell as the plan', { ...dual, offerId: '2101' }, 404, 'offer_not_found'],
    ['add-on for another plan', { ...dual, offerId: '2001', addOnIds: ['2101'] }, 400, 'add_on_not_available'],
    ['a plan as an add-on', { ...dual, offerId: '2001', addOnIds: ['2002'] }, 400, 'add_on_not_available'],
    ['the same add-on twice', { ...dual, offerId: '2002', addOnIds: ['2102', '2102'] }, 400, 'duplicate_add_on'],
    ['an excluded country', { ...dual, offerId: '2001', country: 'RU' }, 400, 'country_not_supported'],
    [
      'print delivered to an excluded country',
      { ...dual, offerId: '2002', country: 'US', region: 'NY', deliveryCountry: 'RU' },
      400,
      'country_not_supported',
    ],
  ])('refuses %s', (_name, input, status, code) => {
    expect(refusal(input)).toEqual({ status, code });
  });

  it('taxes print where it is delivered, and a digital order where the buyer is', () => {
    const billedInNewYork = { ...dual, country: 'US', region: 'NY' };
    // The print plan, $149.00: billed in New York (no rate in the demo's table), delivered to Texas (6.25 %).
    expect(quote({ ...billedInNewYork, offerId: '2002' }).quote).toMatchObject({ tax: 0, total: 14900 });
    const toTexas = quote({ ...billedInNewYork, offerId: '2002', deliveryCountry: 'US', deliveryRegion: 'TX' }).quote;
    expect(toTexas).toMatchObject({ tax: 931, total: 15831 });
    expect(toTexas.taxLines).toEqual([{ kind: 'sales-tax', rate: 0.0625, amount: 931 }]);
    // The auto-renewal rules stay the buyer's (New York's), wherever the magazine goes.
    expect(quote({ ...billedInNewYork, offerId: '2002', deliveryCountry: 'US', deliveryRegion: 'TX' }).autoRenewalConsentRequired).toBe(
      true,
    );
    // The digital plan of the same campaign ignores a delivery place.
    expect(quote({ ...billedInNewYork, offerId: '2001', deliveryCountry: 'US', deliveryRegion: 'TX' }).quote.tax).toBe(0);
  });

  it('sells a campaign from its start (inclusive) until its end (exclusive), by the clock it is given', () => {
    const vogue = snapshot.flowsByPath.get('vogue/demo-single')!;
    const dated = { ...vogue, url_slug: 'dated', startsAt: '2026-12-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' };
    const withDated: CatalogueSnapshot = { ...snapshot, flowsByPath: new Map([...snapshot.flowsByPath, ['vogue/dated', dated]]) };
    const request = quoteRequestSchema.parse({ brand: 'vogue', urlSlug: 'dated', offerId: '1001' });
    const at = (iso: string) => () => quoteCheckout(withDated, request, new Date(iso));
    // Before its start it is answered as unknown: an upcoming campaign is not announced.
    expect(at('2026-11-30T23:59:59.999Z')).toThrow(expect.objectContaining({ status: 404, code: 'campaign_not_found' }));
    expect(at('2026-12-01T00:00:00.000Z')().quote.total).toBe(2500);
    expect(at('2026-12-31T23:59:59.999Z')().quote.total).toBe(2500);
    expect(at('2027-01-01T00:00:00.000Z')).toThrow(
      expect.objectContaining({ status: 410, code: 'campaign_ended', message: 'This offer has ended.' }),
    );
  });
});
