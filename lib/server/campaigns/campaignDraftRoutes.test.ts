import { describe, expect, it } from 'vitest';
import { operatorFetch, runPageLoader } from '@/tests/fixtures/operatorRequests';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { CampaignVersions } from './CampaignVersions';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import type { CampaignEditorPageProps } from '@/lib/campaigns/studioViews';
import { campaignEditorPageProps, newCampaignPageProps } from '@/lib/server/ssr/backoffice/campaignEditorPage';

/** The studio's drafts: created, saved on a base version, published, through Next's own API resolver. */
await serveRoutesWithServerContext(
  { PAYMENTS_SANDBOX: '1' },
  [
    [/^\/api\/operator\/campaigns$/, () => import('@/pages/api/operator/campaigns/index')],
    [/^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/versions$/, () => import('@/pages/api/operator/campaigns/[campaignId]/versions')],
    [/^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/publish$/, () => import('@/pages/api/operator/campaigns/[campaignId]/publish')],
    [/^\/api\/operator\/campaigns\/(?<campaignId>[^/]+)\/codes$/, () => import('@/pages/api/operator/campaigns/[campaignId]/codes')],
  ],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const post = (path: string, cookie: string, body: unknown) => operatorFetch(origin, 'POST', path, { cookie, body });
const marketer = async () => (await signedInOperator(await appDb(), 'marketer')).cookie;

/** A winter campaign of Vogue's from nothing: two new offers and a coupon. */
const winter = (campaignId: string, urlSlug: string): DraftInput => ({
  flow: { brand: 'vogue', urlSlug, campaignId, headline: 'Vogue for the winter', subheadline: '', plans: ['new-1', 'new-2'] },
  offers: [
    {
      id: 'new-1',
      uuid: '',
      brand: 'vogue',
      name: 'Vogue Winter Digital',
      description: 'A year of Vogue',
      currencyCode: 'USD',
      totalAmount: 4000,
      billingInterval: 'year',
    },
    {
      id: 'new-2',
      uuid: '',
      brand: 'vogue',
      name: 'Vogue Winter Print',
      description: 'A year of Vogue in print',
      currencyCode: 'USD',
      totalAmount: 6000,
      billingInterval: 'year',
      isPrintOffer: true,
    },
  ],
  coupons: [{ code: `${urlSlug.toUpperCase().replace(/-/g, '')}10`, percentOff: 10, scope: { campaigns: [campaignId] } }],
  isDefault: false,
});

describe('the studio’s drafts', () => {
  it('creates a campaign from nothing as a draft, then publishes it into the catalogue, audited', async () => {
    const cookie = await marketer();
    const created = await post('/api/operator/campaigns', cookie, { draft: winter('vogue-winter', 'winter') });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as { campaignId: string; version: number; draft: DraftInput };
    expect(saved).toMatchObject({ campaignId: 'vogue-winter', version: 1 });
    const ids = saved.draft.offers.map((offer) => offer.id as string);
    expect(ids.every((id) => /^\d+$/.test(id) && Number(id) > 5001)).toBe(true);
    expect(saved.draft.flow.plans).toEqual(ids);
    // A draft: visitors do not see it.
    const db = await appDb();
    expect((await new CatalogueRepository(db).exportAll()).checkoutFlows.some((flow) => flow.campaignId === 'vogue-winter')).toBe(false);

    const published = await post('/api/operator/campaigns/vogue-winter/publish', cookie, { version: 1 });
    expect(published.status).toBe(200);
    const file = await new CatalogueRepository(db).exportAll();
    expect(file.checkoutFlows.find((flow) => flow.campaignId === 'vogue-winter')?.plans).toEqual(ids);
    expect(file.coupons.some((coupon) => coupon.code === 'WINTER10')).toBe(true);
    const [latest] = await new CampaignVersions(db).list('vogue-winter');
    expect(latest).toMatchObject({ version: 1, author: { kind: 'operator' } });
    expect(latest!.publishedAt).not.toBeNull();
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'campaign.published')
      .where('target', '=', 'campaign:vogue-winter')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ version: 1 });
    expect(audit[0]!.before_json).toBeNull();
    // Publishing it again says so, and writes nothing.
    expect((await post('/api/operator/campaigns/vogue-winter/publish', cookie, { version: 1 })).status).toBe(409);
  });

  it('tells the second of two editors on the same version, writing nothing over the first', async () => {
    const cookie = await marketer();
    await post('/api/operator/campaigns', cookie, { draft: winter('vogue-spring', 'spring') });
    const first = winter('vogue-spring', 'spring');
    const saved = (await (await post('/api/operator/campaigns', cookie, { draft: first })).json()) as unknown;
    expect(saved).toMatchObject({
      error: { code: 'invalid_campaign', details: ['flow.campaignId: is taken: choose another id than vogue-spring'] },
    });
    const ana = await post('/api/operator/campaigns/vogue-spring/versions', cookie, {
      baseVersion: 1,
      draft: { ...first, flow: { ...first.flow, headline: 'Ana’s' } },
    });
    expect(ana.status).toBe(200);
    const ben = await post('/api/operator/campaigns/vogue-spring/versions', cookie, {
      baseVersion: 1,
      draft: { ...first, flow: { ...first.flow, headline: 'Ben’s' } },
    });
    expect(ben.status).toBe(409);
    const answer = (await ben.json()) as { error: { code: string; message: string; details: string[] } };
    expect(answer.error.code).toBe('edited_meanwhile');
    // Named by the operator directory, not an id.
    expect(answer.error.message).toMatch(
      /^[^()]+ \([^@\s]+@[^)\s]+\) saved version 2 at \d\d:\d\d UTC while you were editing \(you opened version 1\)/,
    );
    expect(answer.error.details).toEqual(['latestVersion: 2']);
    const versions = await new CampaignVersions(await appDb()).list('vogue-spring');
    expect(versions.map((version) => version.content.flow.headline)).toEqual(['Ana’s', 'Vogue for the winter']);
    // Publishing the version Ben opened is refused too: it was edited after.
    const stale = await post('/api/operator/campaigns/vogue-spring/publish', cookie, { version: 1 });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe('edited_after');
  });

  it('refuses a taken address, an unknown offer, an ended coupon and a bought offer’s new price, each at its field, writing nothing', async () => {
    const cookie = await marketer();
    const taken = await post('/api/operator/campaigns', cookie, { draft: winter('vogue-taken', 'demo-single') });
    expect(((await taken.json()) as { error: { details: string[] } }).error.details).toContain(
      'flow.urlSlug: is taken: /vogue/demo-single is the address of campaign vogue-demo-single',
    );
    const unknown = winter('vogue-unknown', 'unknown');
    unknown.flow.plans = ['new-1', '424242'];
    expect(
      ((await (await post('/api/operator/campaigns', cookie, { draft: unknown })).json()) as { error: { details: string[] } }).error
        .details,
    ).toEqual(['flow.plans.1: must name a plan offer of brand "vogue", not "424242"']);

    const ended = winter('vogue-ended-coupon', 'ended-coupon');
    ended.coupons[0] = { ...ended.coupons[0], validUntil: '2026-01-01T00:00:00Z' };
    expect((await post('/api/operator/campaigns', cookie, { draft: ended })).status).toBe(201);
    const refused = await post('/api/operator/campaigns/vogue-ended-coupon/publish', cookie, { version: 1 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { details: string[] } }).error.details).toEqual([
      expect.stringMatching(/^coupons\.0\.validUntil: has passed \(2026-01-01T00:00:00Z\)/),
    ]);
    const db = await appDb();
    expect((await new CatalogueRepository(db).exportAll()).checkoutFlows.some((flow) => flow.campaignId === 'vogue-ended-coupon')).toBe(
      false,
    );

    // Offer 1001 bought: vogue-demo-single's draft may not change its price.
    const transactions = new TransactionRepository(db);
    await transactions.create({ ...newTransactionFixture({ id: 'txn_studio_bought' }), gateway: 'sandbox' });
    const editor = await runPageLoader(
      campaignEditorPageProps,
      { campaignId: 'vogue-demo-single' },
      { cookie, resolvedUrl: '/admin/campaigns/vogue-demo-single/edit' },
    );
    const props = (editor.result as { props: CampaignEditorPageProps }).props;
    expect(props.boughtOfferIds).toContain('1001');
    const draft = structuredClone(props.draft);
    draft.offers[0] = { ...draft.offers[0], totalAmount: 9900 };
    const repriced = await post('/api/operator/campaigns/vogue-demo-single/versions', cookie, { baseVersion: props.baseVersion, draft });
    expect(repriced.status).toBe(400);
    expect(((await repriced.json()) as { error: { details: string[] } }).error.details).toEqual([
      expect.stringMatching(/^offers\.0\.totalAmount: stays as it is/),
    ]);
  });

  it('opens the editor on the newest version, on an older one to restore it, and a new campaign blank; refuses care', async () => {
    const cookie = await marketer();
    const fresh = await runPageLoader(newCampaignPageProps, {}, { cookie, resolvedUrl: '/admin/campaigns/new' });
    expect((fresh.result as { props: CampaignEditorPageProps }).props).toMatchObject({
      campaignId: null,
      baseVersion: null,
      draft: { offers: [] },
    });
    await post('/api/operator/campaigns', cookie, { draft: winter('vogue-restore', 'restore') });
    const restored = await runPageLoader(
      campaignEditorPageProps,
      { campaignId: 'vogue-restore', restore: '1' },
      { cookie, resolvedUrl: '/admin/campaigns/vogue-restore/edit?restore=1' },
    );
    expect((restored.result as { props: CampaignEditorPageProps }).props).toMatchObject({
      baseVersion: 1,
      restoredFrom: 1,
      status: { version: 1, published: false },
    });
    const missing = await runPageLoader(
      campaignEditorPageProps,
      { campaignId: 'vogue-restore', restore: '7' },
      { cookie, resolvedUrl: '/admin/campaigns/vogue-restore/edit?restore=7' },
    );
    expect(missing.status).toBe(404);
    const care = await signedInOperator(await appDb(), 'care');
    expect((await post('/api/operator/campaigns', care.cookie, { draft: winter('vogue-care', 'care') })).status).toBe(403);
    const badBody = await post('/api/operator/campaigns/vogue-restore/versions', cookie, { baseVersion: 'one', draft: {} });
    expect(badBody.status).toBe(400);
  });

  it('audits a restore with the version it came from', async () => {
    const cookie = await marketer();
    const draft = winter('vogue-undo', 'undo');
    await post('/api/operator/campaigns', cookie, { draft });
    const v1 = (await new CampaignVersions(await appDb()).find('vogue-undo', 1))!.content as unknown as DraftInput;
    await post('/api/operator/campaigns/vogue-undo/versions', cookie, {
      baseVersion: 1,
      draft: { ...v1, flow: { ...v1.flow, headline: 'Changed' } },
    });
    const back = await post('/api/operator/campaigns/vogue-undo/versions', cookie, { baseVersion: 2, draft: v1, restoredFrom: 1 });
    expect(back.status).toBe(200);
    const db = await appDb();
    const [entry] = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'campaign.restored')
      .where('target', '=', 'campaign:vogue-undo')
      .execute();
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ version: 2, content: { flow: { headline: 'Changed' } } });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      version: 3,
      restoredFrom: 1,
      content: { flow: { headline: 'Vogue for the winter' } },
    });
  });

  it('hands a version’s single-use codes to a partner as CSV', async () => {
    const cookie = await marketer();
    const draft = winter('vogue-partner', 'partner');
    const single = (code: string) => ({
      code,
      percentOff: 20,
      scope: { campaigns: ['vogue-partner'] },
      maxRedemptions: 1,
      maxRedemptionsPerCustomer: 1,
    });
    draft.coupons = [...draft.coupons, single('PARTNERAB12CD34EF'), single('PARTNERZZ98YX76WV')];
    expect((await post('/api/operator/campaigns', cookie, { draft })).status).toBe(201);
    const csv = await operatorFetch(origin, 'GET', '/api/operator/campaigns/vogue-partner/codes?version=1', { cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="vogue-partner-codes-v1.csv"');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['code', 'PARTNERAB12CD34EF', 'PARTNERZZ98YX76WV']);
    expect((await operatorFetch(origin, 'GET', '/api/operator/campaigns/vogue-partner/codes?version=9', { cookie })).status).toBe(404);
    expect((await operatorFetch(origin, 'GET', '/api/operator/campaigns/vogue-partner/codes?version=x', { cookie })).status).toBe(400);
    const care = await signedInOperator(await appDb(), 'care');
    expect(
      (await operatorFetch(origin, 'GET', '/api/operator/campaigns/vogue-partner/codes?version=1', { cookie: care.cookie })).status,
    ).toBe(403);
  });
});
