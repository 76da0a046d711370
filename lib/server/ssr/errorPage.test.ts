import { beforeAll, describe, expect, it, vi } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { brandLinksIn, currentOfferOf, errorBrandIn, errorPageProps, errorPagePropsIn } from './errorPage';

let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

// errorPageProps reads the catalogue through the server context: the demo catalogue's, or none (its database down).
const catalogue = vi.hoisted(() => ({ get: (): Promise<CatalogueSnapshot> => Promise.reject(new Error('not yet')) }));
vi.mock('@/lib/server/context/serverContext', () => ({
  serverContext: async () => ({ catalogue, clock: () => new Date('2026-11-27T12:00:00Z') }),
}));
catalogue.get = () => demoSnapshot();

const now = new Date('2026-11-27T12:00:00Z');

/** The demo catalogue with Vogue's default campaign changed, and the end of its campaigns on sale (its single and French ones). */
function vogueWith(defaultCampaign: string | null, singleEndsAt: string | null): CatalogueSnapshot {
  const ending = ['vogue/demo-single', 'vogue/demo-fr'].map(
    (path) => [path, { ...snapshot.flowsByPath.get(path)!, endsAt: singleEndsAt }] as const,
  );
  return {
    ...snapshot,
    brands: new Map([...snapshot.brands, ['vogue', { ...snapshot.brands.get('vogue')!, defaultCampaign }]]),
    flowsByPath: new Map([...snapshot.flowsByPath, ...ending]),
  };
}

describe('errorBrandIn', () => {
  it.each([
    ['/vogue/demo-single/no-such-step', 'Vogue', '/vogue/demo-single'],
    ['/vogue/no-such-campaign', 'Vogue', '/vogue/demo-single'],
    ['/vogue/demo-ended', 'Vogue', '/vogue/demo-single'],
    ['/vogue', 'Vogue', '/vogue/demo-single'],
    ['/Vogue/No-Such-Campaign', 'Vogue', '/vogue/demo-single'],
    ['/newyorker/demo-dual/cart/extra?livemode=false&source=mail', 'The New Yorker', '/newyorker/demo-dual?livemode=false&source=mail'],
    ['/wired/gone?livemode=false', 'WIRED', '/wired/demo-trial?livemode=false'],
    ['/epicurious/gone', 'Epicurious', '/epicurious/demo-preauth'],
  ])('%s: the look and name of %s, on to %s', (url, name, home) => {
    const brand = errorBrandIn(snapshot, url, now);
    expect(brand).toMatchObject({ name, home });
    expect(brand?.identity.primaryColor).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it.each(['/', '/nothing', '/no-such-brand/demo-single', '/vog%C3%BCe/demo-single', '/404'])('%s has no brand', (url) => {
    expect(errorBrandIn(snapshot, url, now)).toBeNull();
  });
});

describe("a brand's current offer", () => {
  it('is its default campaign while that is on sale', () => {
    expect(currentOfferOf(snapshot, 'vogue', now)?.url_slug).toBe('demo-single');
  });

  it('is its default campaign only while on sale: then its first campaign on sale, then none', () => {
    expect(currentOfferOf(vogueWith('demo-ended', null), 'vogue', now)?.url_slug).toBe('demo-single');
    expect(currentOfferOf(vogueWith(null, null), 'vogue', now)?.url_slug).toBe('demo-single');
    expect(currentOfferOf(vogueWith('demo-single', '2026-11-27T12:00:00Z'), 'vogue', now)).toBeUndefined();
    expect(currentOfferOf(vogueWith('demo-single', '2026-11-27T12:00:00.001Z'), 'vogue', now)?.url_slug).toBe('demo-single');
  });
});

describe('errorPagePropsIn', () => {
  it.each([
    ['/vogue/demo-ended', 'offer_ended'],
    ['/vogue/demo-ended/cart?livemode=false', 'offer_ended'],
    ['/vogue/no-such-campaign', 'offer_unknown'],
    ['/Vogue/No-Such-Campaign', 'offer_unknown'],
    ['/vogue/demo-single/no-such-step', 'page'],
    ['/vogue', 'page'],
  ])('a 404 of %s says %s, with the way on and no brand list', (url, missing) => {
    const props = errorPagePropsIn(snapshot, url, 404, now);
    const testMode = url.includes('livemode=false') ? { livemode: false } : {};
    expect(props).toEqual({ statusCode: 404, brand: expect.objectContaining({ name: 'Vogue' }), missing, ...testMode });
  });

  it('a campaign not yet started is unknown, not announced', () => {
    const ended = snapshot.flowsByPath.get('vogue/demo-ended')!;
    const later = {
      ...snapshot,
      flowsByPath: new Map([...snapshot.flowsByPath, ['vogue/demo-ended', { ...ended, startsAt: '2027-01-01T00:00:00Z', endsAt: null }]]),
    };
    expect(errorPagePropsIn(later, '/vogue/demo-ended', 404, now).missing).toBe('offer_unknown');
  });

  it('an unknown brand lists every brand with an offer on sale, by name, keeping test mode and source', () => {
    const props = errorPagePropsIn(snapshot, '/no-such-brand/demo-single?livemode=false&source=mail&x=1', 404, now);
    expect(props).toEqual({
      statusCode: 404,
      brand: null,
      livemode: false,
      brands: [
        { name: 'Epicurious', href: '/epicurious/demo-preauth?livemode=false&source=mail' },
        { name: 'GQ', href: '/gq/demo-gbp?livemode=false&source=mail' },
        { name: 'The New Yorker', href: '/newyorker/demo-dual?livemode=false&source=mail' },
        { name: 'Vogue', href: '/vogue/demo-single?livemode=false&source=mail' },
        { name: 'WIRED', href: '/wired/demo-trial?livemode=false&source=mail' },
      ],
    });
    expect(errorPagePropsIn(snapshot, '/', 404, now).brands).toHaveLength(5);
  });

  it('a brand with nothing on sale has no way on: the page lists the brands that have', () => {
    const props = errorPagePropsIn(vogueWith('demo-single', '2026-01-01T00:00:00Z'), '/vogue/demo-single', 404, now);
    expect(props).toMatchObject({ brand: { name: 'Vogue', home: null }, missing: 'offer_ended' });
    expect(props.brands?.map((brand) => brand.name)).toEqual(['Epicurious', 'GQ', 'The New Yorker', 'WIRED']);
  });

  it.each(['/admin/nothing', '/mailbox/x'])('%s, a page of the site, lists no brands', (url) => {
    expect(errorPagePropsIn(snapshot, url, 404, now)).toEqual({ statusCode: 404, brand: null });
  });

  it.each([
    ['/account/nothing', 404, '/account'],
    ['/account/invoices/txn_1', 500, '/account'],
  ])('%s (%i), under the account, lists no brands and leads back to %s', (url, statusCode, account) => {
    expect(errorPagePropsIn(snapshot, url, statusCode, now)).toEqual({ statusCode, brand: null, account });
  });

  it.each([
    ['/account/nothing?livemode=false', 404],
    ['/account/subscriptions/sub_aaaaaaaaaaaaaaaa/cancel?livemode=false', 404],
    ['/account/invoices/txn_1?livemode=false', 500],
  ])('%s (%i), in test mode, says so and leads back to the account in test mode', (url, statusCode) => {
    expect(errorPagePropsIn(snapshot, url, statusCode, now)).toEqual({
      statusCode,
      brand: null,
      account: '/account?livemode=false',
      livemode: false,
    });
  });

  it.each(['/account/nothing?livemode=true', '/account/nothing?livemode=maybe', '/account/nothing?livemode=false&livemode=false'])(
    '%s is not test mode: no banner, as its links are live',
    (url) => {
      expect(errorPagePropsIn(snapshot, url, 404, now)).toEqual({ statusCode: 404, brand: null, account: '/account' });
    },
  );

  it('other errors carry only the status and the brand', () => {
    expect(errorPagePropsIn(snapshot, '/vogue/demo-single/credit-card', 500, now)).toEqual({
      statusCode: 500,
      brand: expect.objectContaining({ name: 'Vogue', home: '/vogue/demo-single' }),
    });
    expect(errorPagePropsIn(snapshot, '/nothing', 400, now)).toEqual({ statusCode: 400, brand: null });
  });

  it('brandLinksIn leaves out brands with nothing on sale', () => {
    expect(brandLinksIn(vogueWith(null, '2026-01-01T00:00:00Z'), '', now).map((b) => b.name)).not.toContain('Vogue');
  });
});

describe("errorPageProps, in the request's mode", () => {
  const request = (url: string, cookie?: string) => ({ url, headers: cookie === undefined ? {} : { cookie } });
  const english = expect.objectContaining({ locale: 'en-US' });

  it.each([
    ['/account/nothing', 404],
    ['/account/subscriptions/sub_aaaaaaaaaaaaaaaa/cancel', 404],
    ['/account/invoices/txn_1', 500],
  ])('%s (%i) with the mt_livemode cookie: test mode, as the account it leads back to reads it', async (url, statusCode) => {
    expect(await errorPageProps(request(url, '_ga=1; mt_livemode=false'), statusCode)).toEqual({
      statusCode,
      brand: null,
      account: '/account?livemode=false',
      livemode: false,
      i18n: english,
    });
  });

  it("a 404 under a brand with the mt_livemode cookie: the banner, and the way on to the brand's offer in test mode", async () => {
    expect(await errorPageProps(request('/vogue/demo-single/no-such-step?source=mail', 'mt_livemode=false'), 404)).toEqual({
      statusCode: 404,
      brand: expect.objectContaining({ name: 'Vogue', home: '/vogue/demo-single?livemode=false&source=mail' }),
      missing: 'page',
      livemode: false,
      i18n: english,
    });
  });

  it.each([
    ['no cookie', undefined],
    ['a live cookie', 'mt_livemode=true'],
    ['an odd cookie', 'mt_livemode=maybe'],
    ['an unreadable cookie header', 'mt_livemode=%E0%A4%A'],
  ])('%s: live, no banner', async (_, cookie) => {
    expect(await errorPageProps(request('/account/nothing', cookie), 404)).toEqual({
      statusCode: 404,
      brand: null,
      account: '/account',
      i18n: english,
    });
  });

  it('a malformed livemode stays live whatever the cookie says, as the account answers it (400)', async () => {
    expect(await errorPageProps(request('/account/nothing?livemode=maybe', 'mt_livemode=false'), 404)).toEqual({
      statusCode: 404,
      brand: null,
      account: '/account',
      i18n: english,
    });
  });

  it('with the catalogue unreadable, an error under the account still leads back to it, in test mode', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    catalogue.get = () => Promise.reject(new Error('database is locked'));
    try {
      expect(await errorPageProps(request('/account/invoices/txn_1', 'mt_livemode=false'), 500)).toEqual({
        statusCode: 500,
        brand: null,
        account: '/account?livemode=false',
        livemode: false,
        i18n: english,
      });
    } finally {
      catalogue.get = () => demoSnapshot();
      log.mockRestore();
    }
  });

  it.each([
    ['/gq/demo-de/no-such-step', 'de-DE'],
    ['/vogue/demo-fr/cart', 'fr-FR'],
    ['/gq/no-such-campaign', 'en-GB'],
    ['/vogue/no-such-campaign', 'en-US'],
    ['/nothing', 'en-US'],
  ])('%s speaks %s: the campaign’s locale, else its brand’s, else English', async (url, locale) => {
    const props = await errorPageProps(request(url), 404);
    expect(props.i18n?.locale).toBe(locale);
    expect(Object.keys(props.i18n?.messages ?? {})).toEqual(expect.arrayContaining(['errors.notFound.title', 'common.error.title']));
  });
});
