import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runPageLoader } from '@/tests/fixtures/operatorRequests';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { serverContext } from '@/lib/server/context/serverContext';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { createPreview } from '@/lib/server/campaigns/campaignPreviews';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { campaignPreviewPageProps } from './campaignPreviewPage';

vi.mock('@/lib/server/config/serverEnv', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/config/serverEnv')>();
  return { ...actual, serverEnv: () => actual.parseServerEnv({ DATABASE_URL: 'file::memory:' }) };
});

const CAMPAIGN = 'vogue-demo-single';
let marketer: { caller: OperatorCaller; cookie: string };

beforeAll(async () => {
  const { db, catalogue } = await serverContext();
  const imported = await importCatalogueJson(db, readDemoCatalogue());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  catalogue.invalidate();
  const { operator, cookie } = await signedInOperator(db, 'marketer');
  marketer = { caller: { operator, via: 'session', actor: { operatorId: operator.id, label: `operator:${operator.email}` } }, cookie };
});

/** A link of the campaign's version 1 (the import's), made `hoursAgo` hours ago. */
async function link(campaignId = CAMPAIGN, hoursAgo = 0) {
  const { db } = await serverContext();
  const made = await createPreview({ db, clock: () => new Date(Date.now() - hoursAgo * 3_600_000) }, marketer.caller, campaignId, 1);
  return { ...made, token: new URL(made.path, 'http://x').searchParams.get('preview')! };
}

const load = (query: Record<string, string | string[]>, cookie: string | null = marketer.cookie) =>
  runPageLoader(campaignPreviewPageProps, query, {
    cookie,
    resolvedUrl: `/admin/campaigns/${String(query.campaignId)}/preview`,
  });

describe('/admin/campaigns/{campaignId}/preview', () => {
  it('shows a link that works: its version, where it opens, until when, and the version’s headline; never cached', async () => {
    const made = await link();
    const page = await load({ campaignId: CAMPAIGN, link: made.token });
    expect(page.status).toBe(200);
    expect(page.headers['Cache-Control']).toBe('private, no-store');
    expect(page.result).toEqual({
      props: {
        operator: expect.objectContaining({ id: marketer.caller.operator.id, role: 'marketer' }),
        campaignId: CAMPAIGN,
        version: 1,
        headline: 'Subscribe to Vogue',
        path: `/vogue/demo-single?preview=${made.token}`,
        expiresAt: made.expiresAt,
      },
    });
  });

  it('is for the campaigns’ roles: care is told 403, someone signed out signs in first', async () => {
    const { token } = await link();
    const { db } = await serverContext();
    const care = await load({ campaignId: CAMPAIGN, link: token }, (await signedInOperator(db, 'care')).cookie);
    expect(care.status).toBe(403);
    expect(care.result).toMatchObject({ props: { kind: 'refused', status: 403 } });
    expect((await load({ campaignId: CAMPAIGN, link: token }, null)).result).toMatchObject({
      redirect: { destination: expect.stringMatching(/^\/admin\/sign-in/) },
    });
  });

  it('refuses an address that is not one of its pages with 400, saying what is wrong', async () => {
    const { token } = await link();
    const cases: [Record<string, string | string[]>, string][] = [
      [{ campaignId: CAMPAIGN }, 'link: A preview link is the 43 letters, digits, - and _ after ?link=, given once.'],
      [{ campaignId: CAMPAIGN, link: 'short' }, 'link: A preview link is the 43 letters, digits, - and _ after ?link=, given once.'],
      [{ campaignId: CAMPAIGN, link: [token, token] }, 'link: A preview link is the 43 letters, digits, - and _ after ?link=, given once.'],
      [{ campaignId: 'no such/one', link: token }, 'campaignId: A campaign id is letters, digits, - and _.'],
      [{ campaignId: CAMPAIGN, link: token, version: '1' }, 'Unknown parameter: version.'],
    ];
    for (const [query, message] of cases) {
      const page = await load(query);
      expect(page.status, JSON.stringify(query)).toBe(400);
      expect(page.result).toEqual({ props: { kind: 'refused', status: 400, title: 'Not a page of the studio', message } });
    }
  });

  it('says 404, with the way back to the campaign, for a link that expired, never existed, or is of another campaign', async () => {
    const expired = await link(CAMPAIGN, 25);
    const other = await link('vogue-demo-ended');
    const unknown = 'A'.repeat(43);
    for (const token of [expired.token, other.token, unknown]) {
      const page = await load({ campaignId: CAMPAIGN, link: token });
      expect(page.status).toBe(404);
      expect(page.result).toEqual({
        props: {
          kind: 'refused',
          status: 404,
          title: 'This preview link has expired or does not exist',
          message: 'A preview link works for 24 hours. Make a new one on the campaign’s page.',
          campaignId: CAMPAIGN,
        },
      });
    }
  });
});
