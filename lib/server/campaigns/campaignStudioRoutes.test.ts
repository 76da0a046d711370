import { describe, expect, it } from 'vitest';
import { operatorFetch, runPageLoader } from '@/tests/fixtures/operatorRequests';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { StudioCampaignView } from '@/lib/campaigns/studioViews';
import { campaignStudioPageProps } from '@/lib/server/ssr/backoffice/campaignStudioPage';
import { campaignVersionsPageProps } from '@/lib/server/ssr/backoffice/campaignVersionsPage';

/** The campaign studio's list, through Next's own API resolver and the page's loader, on the demo catalogue. */
await serveRoutesWithServerContext(
  { PAYMENTS_SANDBOX: '1' },
  [[/^\/api\/operator\/campaigns$/, () => import('@/pages/api/operator/campaigns/index')]],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const call = (path: string, cookie: string, method = 'GET') => operatorFetch(origin, method, path, { cookie });

/** A paid purchase of the demo's vogue/demo-single, in test mode. */
async function bought(id: string): Promise<void> {
  const transactions = new TransactionRepository(await appDb());
  await transactions.create({ ...newTransactionFixture({ id }), gateway: 'sandbox' });
  await transactions.markSucceeded(id, `pi_${id}`);
}

describe('GET /api/operator/campaigns', () => {
  it('lists every campaign for a marketer, with its state and today’s paid orders, narrowed by the filters', async () => {
    const { cookie } = await signedInOperator(await appDb(), 'marketer');
    await bought('txn_studio_1');
    const answer = await call('/api/operator/campaigns', cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { campaigns, today } = (await answer.json()) as { campaigns: StudioCampaignView[]; today: string };
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(campaigns.map((campaign) => campaign.path)).toEqual(
      expect.arrayContaining(['/vogue/demo-single', '/vogue/demo-ended', '/gq/demo-de']),
    );
    expect(campaigns.find((campaign) => campaign.path === '/vogue/demo-single')).toMatchObject({
      state: 'on-sale',
      isDefault: true,
      ordersToday: { live: 0, test: 1 },
    });
    const ended = await (await call('/api/operator/campaigns?brand=vogue&state=ended', cookie)).json();
    expect(ended.campaigns.map((campaign: StudioCampaignView) => campaign.path)).toEqual(['/vogue/demo-ended']);
  });

  it('refuses care (403), a filter that is not one (400), and a write (405)', async () => {
    const care = await signedInOperator(await appDb(), 'care');
    expect((await call('/api/operator/campaigns', care.cookie)).status).toBe(403);
    const { cookie } = await signedInOperator(await appDb(), 'marketer');
    const bad = await call('/api/operator/campaigns?state=live', cookie);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: 'invalid_filter', message: 'state: A state is one of draft, scheduled, on-sale, ended.' },
    });
    expect((await call('/api/operator/campaigns', cookie, 'PUT')).status).toBe(405);
  });
});

describe('/admin/campaigns', () => {
  it('gives a marketer the list and the filter of its address, and refuses an address that is not a filter with 400', async () => {
    const { cookie } = await signedInOperator(await appDb(), 'marketer');
    const page = await runPageLoader(
      campaignStudioPageProps,
      { q: 'demo', brand: 'gq' },
      { cookie, resolvedUrl: '/admin/campaigns?q=demo&brand=gq' },
    );
    expect(page.result).toMatchObject({ props: { filter: { q: 'demo', brand: 'gq', state: null } } });
    expect(page.headers['Cache-Control']).toBe('private, no-store');
    const refused = await runPageLoader(campaignStudioPageProps, { order: 'x' }, { cookie, resolvedUrl: '/admin/campaigns?order=x' });
    expect(refused.status).toBe(400);
    expect(refused.result).toMatchObject({ props: { kind: 'refused', message: 'Unknown filter: order.' } });
    const care = await signedInOperator(await appDb(), 'care');
    expect((await runPageLoader(campaignStudioPageProps, {}, { cookie: care.cookie, resolvedUrl: '/admin/campaigns' })).status).toBe(403);
  });
});

describe('/admin/campaigns/{campaignId}', () => {
  it('lists a campaign’s versions, the newest first, and compares the newest with the one before it, field by field', async () => {
    const file = JSON.parse(readDemoCatalogue()) as { checkoutFlows: { campaignId: string; headline: string }[] };
    const renamed = {
      ...file,
      checkoutFlows: file.checkoutFlows.map((flow) => (flow.campaignId === 'gq-demo-gbp' ? { ...flow, headline: 'GQ, for less' } : flow)),
    };
    const imported = await importCatalogueJson(await appDb(), JSON.stringify(renamed));
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    const { cookie } = await signedInOperator(await appDb(), 'marketer');
    const open = (query: Record<string, string>) =>
      runPageLoader(
        campaignVersionsPageProps,
        { campaignId: 'gq-demo-gbp', ...query },
        { cookie, resolvedUrl: '/admin/campaigns/gq-demo-gbp' },
      );
    const page = await open({});
    expect(page.status).toBe(200);
    expect(page.result).toMatchObject({
      props: {
        campaign: { campaignId: 'gq-demo-gbp', headline: 'GQ, for less' },
        versions: [
          { version: 2, by: 'Catalogue import' },
          { version: 1, by: 'Catalogue import' },
        ],
        comparison: { from: 1, to: 2, changes: [{ field: 'headline', after: '"GQ, for less"' }] },
      },
    });
    expect((await open({ from: '2', to: '2' })).result).toMatchObject({ props: { comparison: { from: 2, to: 2, changes: [] } } });
    expect((await open({ from: '3' })).status).toBe(404);
    expect((await open({ from: 'x' })).result).toMatchObject({
      props: { kind: 'refused', message: 'from: A version is its number, such as 2.' },
    });
    expect((await open({ order: 'x' })).status).toBe(400);
    const unknown = await runPageLoader(
      campaignVersionsPageProps,
      { campaignId: 'no-such-campaign' },
      { cookie, resolvedUrl: '/admin/campaigns/no-such-campaign' },
    );
    expect(unknown.status).toBe(404);
  });
});
