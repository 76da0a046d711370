import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { saveCampaignDraft, scheduleCampaign, unscheduleCampaign } from './campaignStudio';
import { publishDueSchedules } from './scheduledPublications';
import { CampaignVersions } from './CampaignVersions';

let db: Kysely<Database>;
let clock = new Date('2026-12-03T12:00:00Z');
const studio = () => ({ db, clock: () => clock, catalogue: { invalidate: () => undefined } }) as never;
const caller = {
  operator: { id: 'op_mo' },
  via: 'session',
  actor: { operatorId: 'op_mo', label: 'operator:mo@example.com' },
} as unknown as OperatorCaller;

beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-12-03T12:00:00Z');
  const imported = await importCatalogueJson(db, readDemoCatalogue());
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
});
afterEach(async () => db.destroy());

const winter: DraftInput = {
  flow: { brand: 'gq', urlSlug: 'winter', campaignId: 'gq-winter', headline: 'GQ for the winter', plans: ['new-1'] },
  offers: [
    {
      id: 'new-1',
      uuid: '',
      brand: 'gq',
      name: 'GQ Winter',
      description: 'A year of GQ',
      currencyCode: 'GBP',
      totalAmount: 3900,
      billingInterval: 'year',
    },
  ],
  coupons: [{ code: 'GQWINTER', percentOff: 15, validUntil: '2027-01-01T00:00:00Z', scope: { campaigns: ['gq-winter'] } }],
  isDefault: false,
};
const inCatalogue = async () =>
  (await new CatalogueRepository(db).exportAll()).checkoutFlows.some((flow) => flow.campaignId === 'gq-winter');
const actions = async () =>
  await db.selectFrom('audit_log').select(['action', 'actor']).where('target', '=', 'campaign:gq-winter').orderBy('seq').execute();

describe('scheduled publications', () => {
  it('publishes the version when the catalogue’s clock reaches its time, once, in the name of who scheduled it', async () => {
    await saveCampaignDraft(studio(), caller, null, { baseVersion: null, draft: winter });
    const scheduled = await scheduleCampaign(studio(), caller, 'gq-winter', {
      version: 1,
      publishAt: '2026-12-24T09:00:00+01:00',
      timeZone: 'Europe/Berlin',
    });
    expect(scheduled.publishAt).toBe('2026-12-24T08:00:00.000Z');
    expect((await new CatalogueRepository(db).loadSnapshot()).scheduledChanges.get('gq-winter')).toBe('2026-12-24T08:00:00.000Z');

    clock = new Date('2026-12-24T07:59:59Z');
    expect(await publishDueSchedules(studio())).toEqual([]);
    expect(await inCatalogue()).toBe(false);
    clock = new Date('2026-12-24T08:00:00Z');
    expect(await publishDueSchedules(studio())).toEqual([{ kind: 'published', campaignId: 'gq-winter', version: 1 }]);
    expect(await inCatalogue()).toBe(true);
    expect(await publishDueSchedules(studio())).toEqual([]);
    expect((await new CampaignVersions(db).find('gq-winter', 1))?.publishedAt).toBe('2026-12-24T08:00:00.000Z');
    expect(await actions()).toEqual([
      { action: 'campaign.scheduled', actor: 'operator:mo@example.com' },
      { action: 'campaign.published', actor: 'operator:mo@example.com (scheduled)' },
    ]);
  });

  it('refuses a time in the past and a coupon ended by the scheduled time; a schedule called off is audited', async () => {
    await saveCampaignDraft(studio(), caller, null, { baseVersion: null, draft: winter });
    await expect(
      scheduleCampaign(studio(), caller, 'gq-winter', { version: 1, publishAt: '2026-12-03T11:59:00Z', timeZone: 'UTC' }),
    ).rejects.toMatchObject({
      status: 400,
      details: [expect.stringMatching(/^publishAt: is in the past/)],
    });
    await expect(
      scheduleCampaign(studio(), caller, 'gq-winter', { version: 1, publishAt: '2027-02-01T00:00:00Z', timeZone: 'UTC' }),
    ).rejects.toMatchObject({
      status: 400,
      details: [expect.stringMatching(/^coupons\.0\.validUntil: has passed/)],
    });
    expect(await db.selectFrom('campaign_schedules').selectAll().execute()).toEqual([]);
    await scheduleCampaign(studio(), caller, 'gq-winter', { version: 1, publishAt: '2026-12-20T00:00:00Z', timeZone: 'UTC' });
    await unscheduleCampaign(studio(), caller, 'gq-winter');
    await expect(unscheduleCampaign(studio(), caller, 'gq-winter')).rejects.toMatchObject({ status: 404 });
    expect((await actions()).map((entry) => entry.action)).toEqual(['campaign.scheduled', 'campaign.unscheduled']);
  });

  it('drops a schedule the catalogue can no longer take, saying why, and keeps a newer draft a draft', async () => {
    await saveCampaignDraft(studio(), caller, null, {
      baseVersion: null,
      draft: { ...winter, coupons: [{ ...winter.coupons[0]!, validUntil: '2026-12-25T00:00:00Z' }] },
    });
    await scheduleCampaign(studio(), caller, 'gq-winter', { version: 1, publishAt: '2026-12-24T00:00:00Z', timeZone: 'UTC' });
    // A later draft, saved after scheduling: the schedule still publishes version 1.
    const saved = await saveCampaignDraft(studio(), caller, 'gq-winter', {
      baseVersion: 1,
      draft: { ...winter, flow: { ...winter.flow, headline: 'Later' } },
    });
    expect(saved.version).toBe(2);
    // The coupon ends before the run that comes after the time (a server down for a day).
    clock = new Date('2026-12-25T00:00:01Z');
    const [outcome] = await publishDueSchedules(studio());
    expect(outcome).toMatchObject({ kind: 'refused', campaignId: 'gq-winter', version: 1, reason: expect.stringContaining('has passed') });
    expect(await inCatalogue()).toBe(false);
    expect(await db.selectFrom('campaign_schedules').selectAll().execute()).toEqual([]);
    expect((await actions()).map((entry) => entry.action)).toContain('campaign.schedule_refused');
    expect((await new CampaignVersions(db).find('gq-winter', 2))?.publishedAt).toBeNull();
  });

  it('publishing one campaign leaves another’s draft the newest, as it was', async () => {
    const [imported] = await new CampaignVersions(db).list('vogue-demo-single');
    const draft = structuredClone(imported!.content) as unknown as DraftInput;
    draft.flow.headline = 'A draft of Vogue’s';
    const saved = await saveCampaignDraft(studio(), caller, 'vogue-demo-single', { baseVersion: imported!.version, draft });
    await saveCampaignDraft(studio(), caller, null, { baseVersion: null, draft: winter });
    await scheduleCampaign(studio(), caller, 'gq-winter', { version: 1, publishAt: '2026-12-03T12:00:01Z', timeZone: 'UTC' });
    clock = new Date('2026-12-03T12:00:01Z');
    expect(await publishDueSchedules(studio())).toEqual([{ kind: 'published', campaignId: 'gq-winter', version: 1 }]);
    const [newest] = await new CampaignVersions(db).list('vogue-demo-single');
    expect(newest).toMatchObject({ version: saved.version, publishedAt: null });
    expect(newest!.content.flow.headline).toBe('A draft of Vogue’s');
  });
});
