import { describe, expect, it } from 'vitest';
import type { Brand } from '@/lib/catalogue/types';
import { flowFixture, offerFixture, VOGUE_IDENTITY } from '@/tests/fixtures/flows';
import { filterCampaigns, parseStudioFilter, studioCampaigns } from './studioList';

const NOW = new Date('2026-12-03T12:00:00.000Z');
const brand = (slug: string, name: string, defaultCampaign: string | null): Brand => ({
  slug,
  name,
  identity: VOGUE_IDENTITY,
  defaultCampaign,
  readingUrl: null,
  locale: 'en-US',
});
const BRANDS = new Map([
  ['vogue', brand('vogue', 'Vogue', 'demo-single')],
  ['gq', brand('gq', 'GQ', null)],
]);

const single = flowFixture();
const dual = flowFixture([offerFixture(), offerFixture({ id: '1002', name: 'Vogue Print' })], {
  campaignId: 'vogue-summer',
  url_slug: 'summer',
  startsAt: '2027-06-01T00:00:00.000Z',
  endsAt: '2027-09-01T00:00:00.000Z',
  data: { ...flowFixture().data, pageData: { headline: 'Summer offer', subheadline: '', plans: [] } },
});
const ended = flowFixture(undefined, { campaignId: 'vogue-spring', url_slug: 'spring', endsAt: '2026-06-01T00:00:00.000Z' });
const gq = flowFixture(undefined, { campaignId: 'gq-demo-de', brand_slug: 'gq', brandName: 'GQ', url_slug: 'demo-de', locale: 'de-DE' });

describe('studioCampaigns with drafts', () => {
  const content = {
    flow: {
      brand: 'gq',
      urlSlug: 'winter',
      campaignId: 'gq-winter',
      headline: 'GQ for the winter',
      subheadline: '',
      enablePreAuth: false,
      plans: ['7001', '7002'],
      startsAt: null,
      endsAt: null,
      locale: null,
    },
    offers: [
      { ...offerFixture(), id: '7001', name: 'GQ Digital' },
      { ...offerFixture(), id: '7002', name: 'GQ Print' },
    ],
    coupons: [],
    isDefault: false,
  } as never;
  const list = studioCampaigns([single, gq], BRANDS, new Map(), NOW, [
    { campaignId: 'gq-winter', version: 2, content },
    { campaignId: 'vogue-demo-single', version: 4, content },
  ]);

  it('lists a campaign never published as a draft, and a published one’s waiting draft by its version', () => {
    expect(list.map((campaign) => [campaign.path, campaign.state, campaign.draftVersion])).toEqual([
      ['/gq/demo-de', 'on-sale', null],
      ['/gq/winter', 'draft', 2],
      ['/vogue/demo-single', 'on-sale', 4],
    ]);
    expect(list[1]).toMatchObject({ layout: 'dual', offers: ['GQ Digital', 'GQ Print'], locale: 'en-US', brandName: 'GQ' });
  });
});

describe('studioCampaigns', () => {
  const list = studioCampaigns([single, dual, ended, gq], BRANDS, new Map([['vogue-demo-single', { live: 3, test: 1 }]]), NOW);

  it('lists every campaign by brand, in the catalogue’s order within one, with its state at now', () => {
    expect(list.map((campaign) => [campaign.path, campaign.state])).toEqual([
      ['/gq/demo-de', 'on-sale'],
      ['/vogue/demo-single', 'on-sale'],
      ['/vogue/summer', 'scheduled'],
      ['/vogue/spring', 'ended'],
    ]);
  });

  it('says its layout, offers, language, whether it is its brand’s default, and today’s orders (none where none were counted)', () => {
    expect(list[1]).toMatchObject({
      headline: 'Subscribe to Vogue',
      layout: 'single',
      offers: ['Vogue Digital'],
      isDefault: true,
      ordersToday: { live: 3, test: 1 },
    });
    expect(list[2]).toMatchObject({
      layout: 'dual',
      isDefault: false,
      ordersToday: { live: 0, test: 0 },
      startsAt: '2027-06-01T00:00:00.000Z',
    });
    expect(list[0]).toMatchObject({ locale: 'de-DE', brandName: 'GQ' });
  });

  it('keeps what the search and the filters ask for', () => {
    const all = { q: '', brand: null, state: null };
    expect(filterCampaigns(list, all)).toHaveLength(4);
    expect(filterCampaigns(list, { ...all, brand: 'vogue' }).map((c) => c.campaignId)).toEqual([
      'vogue-demo-single',
      'vogue-summer',
      'vogue-spring',
    ]);
    expect(filterCampaigns(list, { ...all, state: 'ended' }).map((c) => c.campaignId)).toEqual(['vogue-spring']);
    // Every word, any case, in the headline, the address or the id.
    expect(filterCampaigns(list, { ...all, q: 'SUMMER offer' }).map((c) => c.campaignId)).toEqual(['vogue-summer']);
    expect(filterCampaigns(list, { ...all, q: '/gq/' }).map((c) => c.campaignId)).toEqual(['gq-demo-de']);
    expect(filterCampaigns(list, { ...all, q: 'summer', state: 'on-sale' })).toEqual([]);
  });
});

describe('parseStudioFilter', () => {
  it('reads the query a page or API client sends, each at most once', () => {
    expect(parseStudioFilter({})).toEqual({ ok: true, filter: { q: '', brand: null, state: null } });
    expect(parseStudioFilter({ q: ' summer ', brand: 'vogue', state: 'scheduled' })).toEqual({
      ok: true,
      filter: { q: 'summer', brand: 'vogue', state: 'scheduled' },
    });
    // The form's "Every brand" and "Any state" are empty: no filter.
    expect(parseStudioFilter({ q: '', brand: '', state: '' })).toEqual({ ok: true, filter: { q: '', brand: null, state: null } });
  });

  it.each([
    [{ state: 'live' }, 'state: A state is one of draft, scheduled, on-sale, ended.'],
    [{ brand: 'Vogue!' }, 'brand: A brand is its slug, such as vogue.'],
    [{ q: 'x'.repeat(101) }, 'q: Search for at most 100 characters.'],
    [{ q: ['a', 'b'] }, 'q: Give q once.'],
    [{ sort: 'name' }, 'Unknown filter: sort.'],
  ])('refuses %j, saying why', (query, message) => {
    expect(parseStudioFilter(query)).toEqual({ ok: false, message });
  });
});
