import { newPlan } from '@/tests/fixtures/draftForm';
import { describe, expect, it } from 'vitest';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import type { StudioCampaignView } from '@/lib/campaigns/studioViews';
import type { PreviewLink } from '@/lib/operators/campaignStudioApi';
import type { FunnelFilter } from '@/lib/reports/funnelFilter';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { OrderFiguresRepository } from '@/lib/server/reports/OrderFiguresRepository';
import { SubscriptionFiguresRepository } from '@/lib/server/reports/SubscriptionFiguresRepository';
import { boughtOfferIds } from './boughtOffers';
import { runningSubscriptions } from './heldOffers';
import { ordersSince, startOfUtcDay } from './studioCampaigns';
import { CampaignVersions } from './CampaignVersions';
import { createPreview } from './campaignPreviews';

/**
 * Preview links through the routes a marketer and a previewer's browser call (Next's own API
 * resolver, the sandbox, the demo catalogue): made in the studio, then priced and bought
 * through in test mode, and left out of every count of orders.
 */
await serveRoutesWithServerContext(
  { PAYMENTS_SANDBOX: '1' },
  [
    [/^\/api\/operator\/campaigns$/, () => import('@/pages/api/operator/campaigns/index')],
    [/^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/versions$/, () => import('@/pages/api/operator/campaigns/[campaignId]/versions')],
    [/^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/previews$/, () => import('@/pages/api/operator/campaigns/[campaignId]/previews')],
    [/^\/api\/checkout\/quote$/, () => import('@/pages/api/checkout/quote')],
    [/^\/api\/checkout\/submit$/, () => import('@/pages/api/checkout/submit')],
  ],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const operatorPost = (path: string, cookie: string, body: unknown) => operatorFetch(origin, 'POST', path, { cookie, body });
const post = (path: string, body: unknown) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const marketer = async () => (await signedInOperator(await appDb(), 'marketer')).cookie;
const tokenOf = (path: string) => new URL(path, origin).searchParams.get('preview')!;
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

/** A new Vogue campaign, drafted in the studio and never published: one offer at $40.00 a year. */
async function newCampaignDraft(cookie: string, campaignId: string, urlSlug: string): Promise<{ offerId: string }> {
  const draft: DraftInput = {
    flow: { brand: 'vogue', urlSlug, campaignId, headline: 'Vogue for the winter', subheadline: '', plans: ['new-1'] },
    offers: [newPlan(1, 'Vogue Winter Digital')],
    coupons: [],
    isDefault: false,
  };
  const created = await operatorPost('/api/operator/campaigns', cookie, { draft });
  expect(created.status).toBe(201);
  const saved = (await created.json()) as { draft: DraftInput };
  return { offerId: (saved.draft.flow.plans as string[])[0]! };
}

/** A preview link of the version, made through the studio's route. */
async function previewOf(cookie: string, campaignId: string, version: number): Promise<PreviewLink & { token: string }> {
  const made = await operatorPost(`/api/operator/campaigns/${campaignId}/previews`, cookie, { version });
  expect(made.status).toBe(201);
  const link = (await made.json()) as PreviewLink;
  return { ...link, token: tokenOf(link.path) };
}

/** What the preview and order tables hold: a refusal must leave them as they were. */
async function written() {
  const db = await appDb();
  const [previews, audit, transactions, subscriptions] = await Promise.all([
    db.selectFrom('campaign_previews').select('token_hash').execute(),
    db.selectFrom('audit_log').select('seq').where('action', '=', 'campaign.preview_shared').execute(),
    db.selectFrom('transactions').select('id').execute(),
    db.selectFrom('subscriptions').select('id').execute(),
  ]);
  return { previews: previews.length, audit: audit.length, transactions: transactions.length, subscriptions: subscriptions.length };
}

describe('POST /api/operator/campaigns/{campaignId}/previews', () => {
  it('makes a marketer a 24-hour link of a draft, never cached, audited in their name', async () => {
    const { operator, cookie } = await signedInOperator(await appDb(), 'marketer');
    await newCampaignDraft(cookie, 'vogue-link', 'link');
    const made = await operatorPost('/api/operator/campaigns/vogue-link/previews', cookie, { version: 1 });
    expect(made.status).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const link = (await made.json()) as PreviewLink;
    expect(link).toEqual({
      campaignId: 'vogue-link',
      version: 1,
      path: expect.stringMatching(/^\/vogue\/link\?preview=[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
    });
    const db = await appDb();
    const [row] = await db.selectFrom('campaign_previews').selectAll().where('campaign_id', '=', 'vogue-link').execute();
    expect(row).toMatchObject({ version: 1, operator_id: operator.id, expires_at: link.expiresAt });
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(24 * 3_600_000);
    expect(row!.token_hash).not.toBe(tokenOf(link.path));
    const [entry] = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'campaign.preview_shared')
      .where('target', '=', 'campaign:vogue-link')
      .execute();
    expect(entry).toMatchObject({ operator_id: operator.id, actor: `operator:${operator.email}` });
  });

  it('refuses care (403), a body that is not {version} (400), a version or campaign that does not exist (404), writing nothing', async () => {
    const cookie = await marketer();
    await newCampaignDraft(cookie, 'vogue-refused', 'refused');
    const before = await written();
    const care = await signedInOperator(await appDb(), 'care');
    const refused = await operatorPost('/api/operator/campaigns/vogue-refused/previews', care.cookie, { version: 1 });
    expect(refused.status).toBe(403);
    for (const body of [{}, { version: 'one' }, { version: 0 }, { version: 1.5 }, { version: 1, token: 'x' }, []]) {
      const answer = await operatorPost('/api/operator/campaigns/vogue-refused/previews', cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await operatorPost('/api/operator/campaigns/vogue-refused/previews', cookie, { version: 2 });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('version_not_found');
    expect((await operatorPost('/api/operator/campaigns/no-such-campaign/previews', cookie, { version: 1 })).status).toBe(404);
    expect((await operatorFetch(origin, 'GET', '/api/operator/campaigns/vogue-refused/previews', { cookie })).status).toBe(405);
    // Signed out: no link, whatever the body.
    expect((await operatorFetch(origin, 'POST', '/api/operator/campaigns/vogue-refused/previews', { body: { version: 1 } })).status).toBe(
      401,
    );
    expect(await written()).toEqual(before);
  });
});

describe('checkout through a preview link', () => {
  it('prices and sells an unpublished campaign’s draft in test mode, the order marked with the version', async () => {
    const cookie = await marketer();
    const { offerId } = await newCampaignDraft(cookie, 'vogue-winter', 'winter');
    const { token } = await previewOf(cookie, 'vogue-winter', 1);
    // Visitors are not sold it: it is not in the catalogue.
    expect((await post('/api/checkout/quote', { brand: 'vogue', urlSlug: 'winter', offerId, livemode: false })).status).toBe(404);

    const quote = await post('/api/checkout/quote', { brand: 'vogue', urlSlug: 'winter', offerId, livemode: false, preview: token });
    expect(quote.status).toBe(200);
    expect(await quote.json()).toMatchObject({ quote: { total: 4000 } });

    const body = submitRequestFixture({
      urlSlug: 'winter',
      offerId,
      returnPath: `/vogue/winter/credit-card?preview=${token}`,
      preview: token,
    });
    const submitted = await post('/api/checkout/submit', body);
    expect(submitted.status).toBe(200);
    const answer = (await submitted.json()) as { status: string; transactionId: string; successPath: string };
    expect(answer).toMatchObject({ status: 'succeeded', successPath: `/vogue/winter/success?preview=${token}` });
    const db = await appDb();
    const transaction = await db.selectFrom('transactions').selectAll().where('id', '=', answer.transactionId).executeTakeFirstOrThrow();
    expect(transaction).toMatchObject({
      campaign_id: 'vogue-winter',
      offer_id: offerId,
      status: 'succeeded',
      livemode: 0,
      total: 4000,
      preview_version: 1,
    });
    const subscription = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('transaction_id', '=', answer.transactionId)
      .executeTakeFirst();
    expect(subscription).toMatchObject({ campaign_id: 'vogue-winter', offer_id: offerId, livemode: 0 });
  });

  it('refuses a preview in live mode, of another campaign, malformed or expired, writing nothing', async () => {
    const cookie = await marketer();
    const { offerId } = await newCampaignDraft(cookie, 'vogue-spring', 'spring');
    const { token } = await previewOf(cookie, 'vogue-spring', 1);
    const db = await appDb();
    const [version] = await new CampaignVersions(db).list('vogue-spring');
    const operator = (await db.selectFrom('operators').select('id').limit(1).executeTakeFirstOrThrow()).id;
    const caller = { operator: { id: operator }, actor: { operatorId: operator, label: 'test' } } as never;
    const expired = await createPreview(
      { db, clock: () => new Date(Date.now() - 25 * 3_600_000) },
      caller,
      'vogue-spring',
      version!.version,
    );
    const expiredToken = tokenOf(expired.path);
    const before = await written();

    const quote = (overrides: Record<string, unknown>) =>
      post('/api/checkout/quote', { brand: 'vogue', urlSlug: 'spring', offerId, livemode: false, preview: token, ...overrides });
    const submit = (overrides: Record<string, unknown>) =>
      post(
        '/api/checkout/submit',
        submitRequestFixture({
          urlSlug: 'spring',
          offerId,
          returnPath: `/vogue/spring/credit-card?preview=${token}`,
          preview: token,
          ...overrides,
        }),
      );

    for (const live of [{ livemode: true }, { livemode: undefined }]) {
      const answer = await quote(live);
      expect(answer.status, JSON.stringify(live)).toBe(400);
      expect(await errorOf(answer)).toMatchObject({ code: 'invalid_body', message: expect.stringContaining('test mode only') });
    }
    // A live submit sends no card to us: a wallet's, refused for its mode before anything is written.
    const liveSubmit = await submit({ livemode: true, payment: { kind: 'paypal' }, returnPath: '/vogue/spring/credit-card' });
    expect(liveSubmit.status).toBe(400);
    expect(await errorOf(liveSubmit)).toMatchObject({ code: 'invalid_body', message: expect.stringContaining('test mode only') });

    const elsewhere = { urlSlug: 'demo-single', offerId: '1001' };
    for (const answer of [await quote(elsewhere), await submit({ ...elsewhere, returnPath: '/vogue/demo-single/credit-card' })]) {
      expect(answer.status).toBe(400);
      expect(await errorOf(answer)).toMatchObject({ code: 'invalid_body', message: expect.stringContaining('another campaign') });
    }

    for (const answer of [await quote({ preview: 'short' }), await submit({ preview: `${token}x` })]) expect(answer.status).toBe(400);

    for (const answer of [await quote({ preview: expiredToken }), await submit({ preview: expiredToken })]) {
      expect(answer.status).toBe(410);
      expect((await errorOf(answer)).code).toBe('preview_expired');
    }
    expect(await written()).toEqual(before);
  });
});

describe('the reports and the studio', () => {
  it('count a test-mode order but not one bought through a preview link, of a new campaign or of a published one’s draft', async () => {
    const cookie = await marketer();
    const db = await appDb();
    // A preview order of a new campaign's draft…
    const { offerId } = await newCampaignDraft(cookie, 'vogue-autumn', 'autumn');
    const autumn = await previewOf(cookie, 'vogue-autumn', 1);
    const bought = (body: Parameters<typeof submitRequestFixture>[0]) => post('/api/checkout/submit', submitRequestFixture(body));
    expect(
      (await bought({ urlSlug: 'autumn', offerId, returnPath: `/vogue/autumn/credit-card?preview=${autumn.token}`, preview: autumn.token }))
        .status,
    ).toBe(200);
    // …one of a draft of vogue-demo-single, whose page visitors buy from too…
    const [published] = await new CampaignVersions(db).list('vogue-demo-single');
    const draft = structuredClone(published!.content) as unknown as DraftInput;
    draft.flow.headline = 'A draft of Vogue’s';
    const saved = await operatorPost('/api/operator/campaigns/vogue-demo-single/versions', cookie, {
      baseVersion: published!.version,
      draft,
    });
    expect(saved.status).toBe(200);
    const { version } = (await saved.json()) as { version: number };
    const single = await previewOf(cookie, 'vogue-demo-single', version);
    const previewed = await bought({ returnPath: `/vogue/demo-single/credit-card?preview=${single.token}`, preview: single.token });
    expect(previewed.status).toBe(200);
    const previewedId = ((await previewed.json()) as { transactionId: string }).transactionId;
    expect(await db.selectFrom('transactions').select('preview_version').where('id', '=', previewedId).executeTakeFirst()).toEqual({
      preview_version: version,
    });
    // …and an ordinary test-mode order of vogue-demo-single.
    expect((await bought({})).status).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    const filter = (campaignId: string | null): FunnelFilter => ({ from: today, to: today, campaignId, mode: 'test' });
    const orders = await new OrderFiguresRepository(db).orderCounts(filter(null));
    expect(orders.splits.map((split) => [split.campaignId, split.paidOrders, split.revenue])).toEqual([['vogue-demo-single', 1, 2500]]);
    expect((await new OrderFiguresRepository(db).orderCounts(filter('vogue-autumn'))).splits).toEqual([]);

    const subscriptions = await new SubscriptionFiguresRepository(db).subscriptionCounts(filter(null));
    expect(subscriptions.active).toEqual([
      expect.objectContaining({ brandSlug: 'vogue', livemode: false, paying: 1, yearlyAmounts: 5000 }),
    ]);
    expect(subscriptions.collected).toEqual([expect.objectContaining({ brandSlug: 'vogue', kind: 'purchase', payments: 1, amount: 2500 })]);

    // The studio's list: today's orders of the campaign, the preview's not among them.
    expect((await ordersSince(db, startOfUtcDay(new Date()))).get('vogue-demo-single')).toEqual({ live: 0, test: 1 });
    expect((await ordersSince(db, startOfUtcDay(new Date()))).has('vogue-autumn')).toBe(false);
    const list = (await (await operatorFetch(origin, 'GET', '/api/operator/campaigns', { cookie })).json()) as {
      campaigns: StudioCampaignView[];
    };
    expect(list.campaigns.find((campaign) => campaign.path === '/vogue/demo-single')?.ordersToday).toEqual({ live: 0, test: 1 });

    // A draft's offer bought only through its preview is no bought offer: its price may still change.
    expect(await boughtOfferIds(db, [offerId, '1001'])).toEqual(new Set(['1001']));
    expect(await runningSubscriptions(db, [offerId])).toEqual(new Map());
  });
});
