import { newPlan } from '@/tests/fixtures/draftForm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { sha256 } from '@/lib/server/ids';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { saveCampaignDraft } from './campaignStudio';
import { CampaignVersions } from './CampaignVersions';
import { createPreview, findPreview, previewCatalogue } from './campaignPreviews';

const HOUR = 3_600_000;
const START = new Date('2026-12-03T12:00:00Z');

let db: Kysely<Database>;
let clock = START;
const studio = () => ({ db, clock: () => clock, catalogue: { invalidate: () => undefined } }) as never;
const caller = {
  operator: { id: 'op_mo' },
  via: 'session',
  actor: { operatorId: 'op_mo', label: 'operator:mo@example.com' },
} as unknown as OperatorCaller;

async function importFile(file: unknown): Promise<void> {
  const imported = await importCatalogueJson(db, JSON.stringify(file));
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
}

beforeEach(async () => {
  db = await testDb();
  clock = START;
  await importFile(JSON.parse(readDemoCatalogue()));
});
afterEach(async () => db.destroy());

/** A GQ winter campaign from nothing, on sale only from February: one new offer and its coupon. */
const winter = (overrides: { urlSlug?: string; couponScope?: Record<string, string[]> } = {}): DraftInput => ({
  flow: {
    brand: 'gq',
    urlSlug: overrides.urlSlug ?? 'winter',
    campaignId: 'gq-winter',
    headline: 'GQ for the winter',
    plans: ['new-1'],
    startsAt: '2027-02-01T00:00:00Z',
    endsAt: '2027-03-01T00:00:00Z',
  },
  offers: [newPlan(1, 'GQ Winter', { brand: 'gq', description: 'A year of GQ', currencyCode: 'GBP', totalAmount: 3900 })],
  coupons: [{ code: 'GQWINTER', percentOff: 15, scope: overrides.couponScope ?? { campaigns: ['gq-winter'] } }],
  isDefault: false,
});

/** Saves the winter draft (version 1 of gq-winter), unpublished. */
async function savedWinter(draft = winter()) {
  return saveCampaignDraft(studio(), caller, null, { baseVersion: null, draft });
}

const tokenOf = (path: string) => new URL(path, 'http://localhost').searchParams.get('preview')!;

describe('createPreview', () => {
  it('makes a 24-hour link to the version’s first page, keeping only the hash of its token, audited', async () => {
    await savedWinter();
    const link = await createPreview(studio(), caller, 'gq-winter', 1);
    expect(link).toEqual({
      campaignId: 'gq-winter',
      version: 1,
      path: expect.stringMatching(/^\/gq\/winter\?preview=[A-Za-z0-9_-]{43}$/),
      expiresAt: '2026-12-04T12:00:00.000Z',
    });
    const token = tokenOf(link.path);
    const rows = await db.selectFrom('campaign_previews').selectAll().execute();
    expect(rows).toEqual([
      {
        token_hash: sha256(token),
        campaign_id: 'gq-winter',
        version: 1,
        operator_id: 'op_mo',
        created_at: '2026-12-03T12:00:00.000Z',
        expires_at: '2026-12-04T12:00:00.000Z',
      },
    ]);
    // The token itself is nowhere in the database: the link is its only copy.
    expect(JSON.stringify(rows)).not.toContain(token);
    const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'campaign.preview_shared').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'operator:mo@example.com', operator_id: 'op_mo', target: 'campaign:gq-winter' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ version: 1, expiresAt: '2026-12-04T12:00:00.000Z' });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('makes a new token for each link, of a published version too', async () => {
    const first = await createPreview(studio(), caller, 'vogue-demo-single', 1);
    const second = await createPreview(studio(), caller, 'vogue-demo-single', 1);
    expect(first.path).toMatch(/^\/vogue\/demo-single\?preview=/);
    expect(tokenOf(first.path)).not.toBe(tokenOf(second.path));
    expect(await db.selectFrom('campaign_previews').select('token_hash').execute()).toHaveLength(2);
  });

  it('refuses a version or a campaign that does not exist with 404, writing nothing', async () => {
    await savedWinter();
    await expect(createPreview(studio(), caller, 'gq-winter', 2)).rejects.toMatchObject({ status: 404, code: 'version_not_found' });
    await expect(createPreview(studio(), caller, 'no-such-campaign', 1)).rejects.toMatchObject({
      status: 404,
      code: 'version_not_found',
    });
    expect(await db.selectFrom('campaign_previews').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('audit_log').selectAll().where('action', '=', 'campaign.preview_shared').execute()).toEqual([]);
  });
});

describe('findPreview', () => {
  it('finds a link for 24 hours from when it was made, and not from then on', async () => {
    await savedWinter();
    const link = await createPreview(studio(), caller, 'gq-winter', 1);
    const token = tokenOf(link.path);
    const found = { ...link, createdAt: '2026-12-03T12:00:00.000Z' };
    expect(await findPreview(db, token, START)).toEqual(found);
    expect(await findPreview(db, token, new Date(START.getTime() + 24 * HOUR - 1))).toEqual(found);
    expect(await findPreview(db, token, new Date(START.getTime() + 24 * HOUR))).toBeNull();
    expect(await findPreview(db, token, new Date(START.getTime() + 25 * HOUR))).toBeNull();
  });

  it('finds nothing for a token it never made, nor for one that is not a token', async () => {
    await savedWinter();
    const token = tokenOf((await createPreview(studio(), caller, 'gq-winter', 1)).path);
    const other = token.startsWith('A') ? `B${token.slice(1)}` : `A${token.slice(1)}`;
    expect(await findPreview(db, other, START)).toBeNull();
    expect(await findPreview(db, token.slice(1), START)).toBeNull();
    // Its hash is no key: only the token opens the link.
    expect(await findPreview(db, sha256(token), START)).toBeNull();
  });
});

describe('previewCatalogue', () => {
  it('shows a new campaign’s unpublished draft at its address, marked, whatever its dates; the catalogue stays without it', async () => {
    await savedWinter();
    const link = await createPreview(studio(), caller, 'gq-winter', 1);
    const token = tokenOf(link.path);
    clock = new Date(START.getTime() + 2 * HOUR);
    const preview = await previewCatalogue(studio(), token);
    expect(preview.campaignId).toBe('gq-winter');
    expect(preview.mark).toEqual({ token, version: 1, expiresAt: link.expiresAt });
    const flow = preview.snapshot.flowsByPath.get('gq/winter');
    expect(flow).toMatchObject({
      campaignId: 'gq-winter',
      startsAt: null,
      endsAt: null,
      preview: preview.mark,
      data: { pageData: { headline: 'GQ for the winter', plans: [expect.objectContaining({ name: 'GQ Winter', totalAmount: 3900 })] } },
    });
    expect(preview.snapshot.couponsByCode.get('GQWINTER')?.scope).toMatchObject({ campaigns: ['gq-winter'] });
    // Only the previewed campaign is marked; the others are as visitors see them.
    const marked = [...preview.snapshot.flowsByPath.values()].filter((other) => other.preview).map((other) => other.campaignId);
    expect(marked).toEqual(['gq-winter']);
    expect(preview.snapshot.flowsByPath.get('vogue/demo-ended')).toMatchObject({ endsAt: '2025-09-01T00:00:00Z' });

    const catalogue = new CatalogueRepository(db);
    expect(preview.snapshot.version).toBe(await catalogue.version());
    expect((await catalogue.loadSnapshot()).flowsByPath.has('gq/winter')).toBe(false);
    expect((await catalogue.exportAll()).coupons.some((coupon) => coupon.code === 'GQWINTER')).toBe(false);
    expect((await new CampaignVersions(db).find('gq-winter', 1))?.publishedAt).toBeNull();
  });

  it('shows a draft of a published campaign in its place in the preview only', async () => {
    const [imported] = await new CampaignVersions(db).list('vogue-demo-single');
    const draft = structuredClone(imported!.content) as unknown as DraftInput;
    draft.flow.headline = 'A draft of Vogue’s';
    const saved = await saveCampaignDraft(studio(), caller, 'vogue-demo-single', { baseVersion: imported!.version, draft });
    const token = tokenOf((await createPreview(studio(), caller, 'vogue-demo-single', saved.version)).path);
    const before = await new CatalogueRepository(db).exportAll();

    const preview = await previewCatalogue(studio(), token);
    expect(preview.snapshot.flowsByPath.get('vogue/demo-single')).toMatchObject({
      campaignId: 'vogue-demo-single',
      preview: { token, version: saved.version },
      data: { pageData: { headline: 'A draft of Vogue’s' } },
    });
    // One campaign at that address, the other campaigns as they are.
    expect([...preview.snapshot.flowsByPath.values()].filter((flow) => flow.campaignId === 'vogue-demo-single')).toHaveLength(1);
    expect(preview.snapshot.flowsByPath.get('vogue/demo-fr')?.preview).toBeUndefined();

    const visitors = await new CatalogueRepository(db).loadSnapshot();
    expect(visitors.flowsByPath.get('vogue/demo-single')?.data.pageData.headline).toBe('Subscribe to Vogue');
    expect(visitors.flowsByPath.get('vogue/demo-single')?.preview).toBeUndefined();
    expect(await new CatalogueRepository(db).exportAll()).toEqual(before);
  });

  it('says 410 once the link’s 24 hours are over, and for a token it never made', async () => {
    await savedWinter();
    const token = tokenOf((await createPreview(studio(), caller, 'gq-winter', 1)).path);
    clock = new Date(START.getTime() + 24 * HOUR - 1);
    await expect(previewCatalogue(studio(), token)).resolves.toMatchObject({ campaignId: 'gq-winter' });
    clock = new Date(START.getTime() + 24 * HOUR);
    await expect(previewCatalogue(studio(), token)).rejects.toMatchObject({ status: 410, code: 'preview_expired' });
    clock = START;
    await expect(previewCatalogue(studio(), 'A'.repeat(43))).rejects.toMatchObject({ status: 410, code: 'preview_expired' });
  });

  it('says 409 when an import has since given another campaign the draft’s address', async () => {
    await savedWinter();
    const token = tokenOf((await createPreview(studio(), caller, 'gq-winter', 1)).path);
    const file = (await new CatalogueRepository(db).exportAll()) as CatalogueFile;
    const gbp = file.checkoutFlows.find((flow) => flow.campaignId === 'gq-demo-gbp')!;
    await importFile({ ...file, checkoutFlows: [...file.checkoutFlows, { ...gbp, campaignId: 'gq-winter-sale', urlSlug: 'winter' }] });
    await expect(previewCatalogue(studio(), token)).rejects.toMatchObject({
      status: 409,
      code: 'preview_outdated',
      details: ['flow: duplicates "gq/winter"'],
    });
  });

  it('says 409 when an import has since removed an offer the draft names', async () => {
    // Its coupon also takes off GQ Digital (4001), of the campaign gq-demo-gbp.
    await savedWinter(winter({ couponScope: { campaigns: ['gq-winter'], offers: ['4001'] } }));
    const token = tokenOf((await createPreview(studio(), caller, 'gq-winter', 1)).path);
    await expect(previewCatalogue(studio(), token)).resolves.toMatchObject({ campaignId: 'gq-winter' });
    const file = (await new CatalogueRepository(db).exportAll()) as CatalogueFile;
    await importFile({
      ...file,
      brands: file.brands.map((brand) => (brand.slug === 'gq' ? { ...brand, defaultCampaign: 'demo-de' } : brand)),
      offers: file.offers.filter((offer) => offer.id !== '4001'),
      checkoutFlows: file.checkoutFlows.filter((flow) => flow.campaignId !== 'gq-demo-gbp'),
    });
    await expect(previewCatalogue(studio(), token)).rejects.toMatchObject({
      status: 409,
      code: 'preview_outdated',
      details: ['coupons.0.scope.offers.0: names unknown plan offer "4001"'],
    });
  });
});
