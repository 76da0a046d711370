import { z } from 'zod';
import { campaignState } from '@/lib/catalogue/campaignWindow';
import type { Brand, CheckoutFlow } from '@/lib/catalogue/types';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import type { CampaignContent } from './campaignContent';
import { type StudioSchedule, STUDIO_STATES, type StudioCampaignView, type StudioFilter, type StudioState } from './studioViews';

const STATE_OF = { upcoming: 'scheduled', on_sale: 'on-sale', ended: 'ended' } as const satisfies Record<string, StudioState>;

/** Orders counted per campaign id. */
export type OrderCounts = ReadonlyMap<string, { live: number; test: number }>;

/**
 * Every campaign of the catalogue as the studio lists it at `now`, by brand (in the brands'
 * order of names), then as the catalogue orders them.
 */
export function studioCampaigns(
  flows: Iterable<CheckoutFlow>,
  brands: ReadonlyMap<string, Brand>,
  orders: OrderCounts,
  now: Date,
  drafts: readonly StudioDraft[] = [],
  schedules: ReadonlyMap<string, StudioSchedule> = new Map(),
): StudioCampaignView[] {
  const draftOf = new Map(drafts.map((draft) => [draft.campaignId, draft.version]));
  const published = [...flows].map((flow): StudioCampaignView => ({
    campaignId: flow.campaignId,
    brandSlug: flow.brand_slug,
    brandName: flow.brandName,
    path: `/${flow.brand_slug}/${flow.url_slug}`,
    headline: flow.data.pageData.headline,
    locale: flow.locale,
    layout: flow.templateIdentifier === 'dual-offer-v2' ? 'dual' : 'single',
    offers: flow.data.pageData.plans.map((plan) => plan.name),
    startsAt: flow.startsAt,
    endsAt: flow.endsAt,
    state: STATE_OF[campaignState(flow, now)],
    isDefault: brands.get(flow.brand_slug)?.defaultCampaign === flow.url_slug,
    ordersToday: orders.get(flow.campaignId) ?? { live: 0, test: 0 },
    draftVersion: draftOf.get(flow.campaignId) ?? null,
    scheduled: schedules.get(flow.campaignId) ?? null,
  }));
  const inCatalogue = new Set(published.map((campaign) => campaign.campaignId));
  const drafted = drafts
    .filter((draft) => !inCatalogue.has(draft.campaignId))
    .map((draft) => ({ ...draftView(draft, brands), scheduled: schedules.get(draft.campaignId) ?? null }));
  const listed = [...published, ...drafted];
  return listed
    .map((campaign, index) => ({ campaign, index }))
    .sort((a, b) => a.campaign.brandName.localeCompare(b.campaign.brandName, 'en') || a.index - b.index)
    .map(({ campaign }) => campaign);
}

/** A campaign's newest version where it is a draft. */
export interface StudioDraft {
  campaignId: string;
  version: number;
  content: CampaignContent;
}

/** A campaign never published, as the studio lists it: from its draft. */
function draftView({ campaignId, version, content }: StudioDraft, brands: ReadonlyMap<string, Brand>): StudioCampaignView {
  const { flow } = content;
  const brand = brands.get(flow.brand);
  const name = new Map(content.offers.map((offer) => [offer.id, offer.name]));
  return {
    campaignId,
    brandSlug: flow.brand,
    brandName: brand?.name ?? flow.brand,
    path: `/${flow.brand}/${flow.urlSlug}`,
    headline: flow.headline,
    locale: flow.locale ?? brand?.locale ?? DEFAULT_LOCALE,
    layout: flow.plans.length > 1 ? 'dual' : 'single',
    offers: flow.plans.map((id) => name.get(id) ?? id),
    startsAt: flow.startsAt,
    endsAt: flow.endsAt,
    state: 'draft',
    isDefault: content.isDefault,
    ordersToday: { live: 0, test: 0 },
    draftVersion: version,
    scheduled: null,
  };
}

/** The campaigns the search and filters keep: every word of `q` in the headline, path or id (any case), of the brand and in the state. */
export function filterCampaigns(campaigns: readonly StudioCampaignView[], filter: StudioFilter): StudioCampaignView[] {
  const words = filter.q.toLowerCase().split(/\s+/).filter(Boolean);
  return campaigns.filter((campaign) => {
    if (filter.brand && campaign.brandSlug !== filter.brand) return false;
    if (filter.state && campaign.state !== filter.state) return false;
    const text = `${campaign.headline} ${campaign.path} ${campaign.campaignId}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** A studio address's first problem, in words: "Unknown filter: sort.", "state: A state is one of …". */
export function queryProblem(error: z.ZodError, what: string): string {
  const issue = error.issues[0]!;
  return issue.code === 'unrecognized_keys' ? `Unknown ${what}: ${issue.keys.join(', ')}.` : `${String(issue.path[0])}: ${issue.message}`;
}

const one = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? undefined : [value]);

const filterSchema = z.strictObject({
  q: z.array(z.string().max(100, 'Search for at most 100 characters.')).max(1, 'Give q once.').optional(),
  // Empty: the form's "Every brand" and "Any state".
  brand: z
    .array(z.string().regex(/^([a-z0-9-]{1,40})?$/, 'A brand is its slug, such as vogue.'))
    .max(1, 'Give brand once.')
    .optional(),
  state: z
    .array(z.enum(['', ...STUDIO_STATES], `A state is one of ${STUDIO_STATES.join(', ')}.`))
    .max(1, 'Give state once.')
    .optional(),
});

/**
 * The filter of a page's or API's query (`q`, `brand`, `state`, each at most once; anything
 * else is refused, as a typo should not silently list everything), or the problem with it.
 */
export function parseStudioFilter(
  query: Readonly<Record<string, string | string[] | undefined>>,
): { ok: true; filter: StudioFilter } | { ok: false; message: string } {
  const parsed = filterSchema.safeParse(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, one(value)])));
  if (!parsed.success) return { ok: false, message: queryProblem(parsed.error, 'filter') };
  const { q, brand, state } = parsed.data;
  return { ok: true, filter: { q: q?.[0]?.trim() ?? '', brand: brand?.[0] || null, state: state?.[0] || null } };
}
