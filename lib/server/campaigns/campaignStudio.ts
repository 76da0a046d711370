import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { campaignContentOf } from '@/lib/campaigns/campaignContent';
import { brandCrossSellsLeft, checkDraft, droppedCrossSells, type DraftInput, type FieldProblem } from '@/lib/campaigns/campaignDraft';
import { offerIdsAbove, withOfferIds } from '@/lib/campaigns/newOfferIds';
import { boughtPriceProblems, couponCodeProblems, endedCouponProblems, takenProblems } from '@/lib/campaigns/publishChecks';
import type { PublishedCampaign, SavedDraft, ScheduledCampaign } from '@/lib/operators/campaignStudioApi';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { appendAudit, type AuditActor } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { CatalogueRepository, lockCatalogue, writeCatalogue } from '@/lib/server/catalogue/CatalogueRepository';
import { CampaignVersions, type CampaignVersion, type VersionAuthor } from './CampaignVersions';
import { savedBy } from './versionAuthors';
import { refuseWhileExperimenting } from '@/lib/server/experiments/experimentGuard';
import { boughtOfferIds } from './boughtOffers';

type Studio = Pick<ServerContext, 'db' | 'clock' | 'catalogue'>;

/** A campaign id the studio's own pages take: /admin/campaigns/new is the new campaign's form. */
const RESERVED_IDS = new Set(['new']);

const refused = (problems: FieldProblem[]) =>
  new HttpError(
    400,
    'invalid_campaign',
    problems.length === 1
      ? 'The campaign has a problem: see the field it names.'
      : `The campaign has ${problems.length} problems: see the fields they name.`,
    problems.map((problem) => `${problem.field}: ${problem.message}`),
  );

const authorOf = (caller: OperatorCaller) => ({ kind: 'operator' as const, id: caller.operator.id });

/** The draft's other problems beside the schema's: its address, its coupons' codes and bought offers' prices. */
async function draftProblems(db: Kysely<Database>, file: CatalogueFile, campaignId: string, draft: DraftInput) {
  const drafted = (await new CampaignVersions(db).newestDrafts()).map((version) => ({
    campaignId: version.campaignId,
    brand: version.content.flow.brand,
    urlSlug: version.content.flow.urlSlug,
  }));
  const published = campaignContentOf(file, campaignId);
  const problems = [
    ...takenProblems(file, campaignId, draft.flow, drafted),
    ...couponCodeProblems(file, published, draft.coupons),
    ...draft.coupons.flatMap((coupon, index) =>
      namesCampaign(coupon.scope, campaignId) ? [] : [{ field: `coupons.${index}.scope`, message: `must include campaign ${campaignId}` }],
    ),
  ];
  for (const offer of brandCrossSellsLeft(published, draft))
    problems.push({
      field: '',
      message: `${offer.name} is offered beside every plan of ${offer.brand}: give it one of this campaign's plans to be offered beside, then remove it.`,
    });
  const dropped = [...droppedCrossSells(published, draft)];
  const checked = checkDraft(file, campaignId, draft);
  if (!checked.ok) return { problems: [...problems, ...checked.problems], checked };
  const bought = await boughtOfferIds(db, [...checked.content.offers.map((offer) => offer.id), ...dropped]);
  for (const id of dropped.filter((offer) => bought.has(offer)))
    problems.push({
      field: '',
      message: `${file.offers.find((offer) => offer.id === id)?.name ?? id} was bought: it stays beside its plan for those who hold it.`,
    });
  return { problems: [...problems, ...boughtPriceProblems(draft.offers, checked.content, file.offers, bought)], checked };
}

const namesCampaign = (scope: unknown, campaignId: string) =>
  typeof scope === 'object' &&
  scope !== null &&
  Array.isArray((scope as { campaigns?: unknown }).campaigns) &&
  (scope as { campaigns: unknown[] }).campaigns.includes(campaignId);

/** The draft with its new offers' ids drawn above every id the catalogue and the studio's versions hold. */
async function withNewOfferIds(db: Kysely<Database>, file: CatalogueFile, draft: DraftInput): Promise<DraftInput> {
  const taken = [...file.offers.map((offer) => offer.id), ...(await new CampaignVersions(db).offerIdsInVersions())];
  return withOfferIds(draft, offerIdsAbove(taken), randomUUID);
}

/**
 * Saves a draft as the campaign's next version: checked by the import's schema in the
 * catalogue as it is now, but not published. `baseVersion` is the version the editor opened:
 * when another save came first, nothing is written and the second editor is told (409), their
 * form keeping what they typed. A restore (`restoredFrom`) is in the audit log.
 */
export async function saveCampaignDraft(
  server: Studio,
  caller: OperatorCaller,
  campaignId: string | null,
  input: { baseVersion: number | null; draft: DraftInput; restoredFrom?: number },
): Promise<SavedDraft> {
  const id = campaignId ?? newCampaignId(input.draft);
  const file = await new CatalogueRepository(server.db).exportAll();
  const versions = new CampaignVersions(server.db);
  if (
    campaignId === null &&
    (RESERVED_IDS.has(id) || file.checkoutFlows.some((flow) => flow.campaignId === id) || (await versions.latest(id)))
  )
    throw refused([{ field: 'flow.campaignId', message: `is taken: choose another id than ${id}` }]);
  if (campaignId !== null && !(await versions.latest(id)) && !file.checkoutFlows.some((flow) => flow.campaignId === id))
    throw new HttpError(404, 'campaign_not_found', `No campaign has the id ${id}.`);
  const draft = await withNewOfferIds(server.db, file, { ...input.draft, flow: { ...input.draft.flow, campaignId: id } });
  const { problems, checked } = await draftProblems(server.db, file, id, draft);
  if (problems.length || !checked.ok) throw refused(problems);
  const at = server.clock();
  const saved = await server.db.transaction().execute(async (trx) => {
    const written = await new CampaignVersions(trx).saveDraft(id, input.baseVersion, checked.content, authorOf(caller), at);
    if (written.kind === 'conflict') throw await editedMeanwhile(trx, written.latest, input.baseVersion);
    if (input.restoredFrom !== undefined) {
      const before = input.baseVersion === null ? null : await new CampaignVersions(trx).find(id, input.baseVersion);
      await appendAudit(
        trx,
        caller.actor,
        {
          action: 'campaign.restored',
          target: `campaign:${id}`,
          before: before ? { version: before.version, content: before.content } : undefined,
          after: { version: written.version.version, restoredFrom: input.restoredFrom, content: checked.content },
        },
        at,
      );
    }
    return written.version;
  });
  return { campaignId: id, version: saved.version, draft: saved.content };
}

function newCampaignId(draft: DraftInput): string {
  const id = draft.flow.campaignId;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id))
    throw refused([{ field: 'flow.campaignId', message: 'must be 1 to 64 letters, digits, "_" or "-"' }]);
  return id;
}

async function editedMeanwhile(db: Kysely<Database>, latest: CampaignVersion | null, baseVersion: number | null): Promise<HttpError> {
  if (!latest) return new HttpError(409, 'edited_meanwhile', 'This campaign was not saved before: open it again from the studio.');
  const opened = baseVersion === null ? 'this campaign was created meanwhile' : `you opened version ${baseVersion}`;
  return new HttpError(
    409,
    'edited_meanwhile',
    `${await savedBy(db, latest)} while you were editing (${opened}). Nothing was overwritten and your changes are still in the form: see what changed, then save over it if you mean to.`,
    [`latestVersion: ${latest.version}`],
  );
}

/** Who publishes: the audit log's actor, and the author any version the catalogue then records is written by. */
export interface Publisher {
  actor: AuditActor;
  author: VersionAuthor;
}

export const publisherOf = (caller: OperatorCaller): Publisher => ({ actor: caller.actor, author: authorOf(caller) });

/**
 * The version's checks against the catalogue as it is in `trx`, as if published at `at`: the
 * draft's own problems, a coupon ended by then. Answers the catalogue with it in, or throws 400.
 */
async function checkedForPublishing(trx: Transaction<Database>, campaignId: string, version: CampaignVersion, at: Date) {
  const file = await new CatalogueRepository(trx).exportAll();
  const draft = version.content as unknown as DraftInput;
  const { problems, checked } = await draftProblems(trx, file, campaignId, draft);
  if (checked.ok) problems.push(...endedCouponProblems(draft.coupons, checked.content, at));
  if (problems.length || !checked.ok) throw refused(problems);
  return { file, checked };
}

/**
 * The version to publish, as the studio allows it: it exists, it is a draft, and (published
 * now from the editor) it is the newest, so that a draft edited after it was opened is not
 * published unseen. A scheduled one may have newer drafts after it, but no newer published version.
 */
async function publishable(
  db: Kysely<Database>,
  versions: CampaignVersions,
  campaignId: string,
  version: number,
  rule: 'newest' | 'scheduled',
): Promise<CampaignVersion> {
  const [chosen, all] = await Promise.all([versions.find(campaignId, version), versions.list(campaignId)]);
  if (!chosen) throw new HttpError(404, 'version_not_found', `${campaignId} has no version ${version}.`);
  const latest = all[0]!;
  const newerPublished = all.find((other) => other.version > version && other.publishedAt !== null);
  if (rule === 'newest' && latest.version !== version)
    throw new HttpError(
      409,
      'edited_after',
      `Version ${version} was edited after you opened it: ${await savedBy(db, latest)}. Open the newest version and publish it if it is right.`,
      [`latestVersion: ${latest.version}`],
    );
  if (newerPublished)
    throw new HttpError(
      409,
      'published_since',
      `Version ${newerPublished.version} was published after version ${version}: it would be undone.`,
    );
  if (chosen.publishedAt) throw new HttpError(409, 'already_published', `Version ${version} was published at ${chosen.publishedAt}.`);
  return chosen;
}

/**
 * Publishes a version in `trx`, which holds the catalogue: checked again in the catalogue as
 * it now is (a coupon ended meanwhile, an offer bought since), written into it, marked
 * published and audited with what the campaign was before. Any problem throws, and the
 * transaction writes nothing.
 */
export async function publishVersionIn(
  trx: Transaction<Database>,
  at: Date,
  publisher: Publisher,
  campaignId: string,
  version: number,
  rule: 'newest' | 'scheduled',
): Promise<void> {
  await refuseWhileExperimenting(trx, campaignId);
  const versions = new CampaignVersions(trx);
  const chosen = await publishable(trx, versions, campaignId, version, rule);
  const { file, checked } = await checkedForPublishing(trx, campaignId, chosen, at);
  const before = campaignContentOf(file, campaignId);
  await writeCatalogue(trx, checked.file, at, publisher.author);
  await versions.markPublished(campaignId, version, at);
  await trx.deleteFrom('campaign_schedules').where('campaign_id', '=', campaignId).where('version', '<=', version).execute();
  await appendAudit(
    trx,
    publisher.actor,
    {
      action: 'campaign.published',
      target: `campaign:${campaignId}`,
      before: before ? { content: before } : undefined,
      after: { version, content: checked.content, ...(rule === 'scheduled' ? { scheduled: true } : {}) },
    },
    at,
  );
}

/** Publishes a campaign's newest version now, from the editor. */
export async function publishCampaign(
  server: Studio,
  caller: OperatorCaller,
  campaignId: string,
  version: number,
): Promise<PublishedCampaign> {
  const at = server.clock();
  const catalogueVersion = await server.db.transaction().execute(async (trx) => {
    const next = await lockCatalogue(trx, at);
    await publishVersionIn(trx, at, publisherOf(caller), campaignId, version, 'newest');
    return next;
  });
  // This process's pages read it at once; the others within the catalogue's TTL.
  server.catalogue.invalidate();
  return { campaignId, version, catalogueVersion };
}

/**
 * Schedules the newest version to be published at `publishAt` (chosen in `timeZone`): checked
 * now as it would be published then, and written with the catalogue held, whose version goes
 * up so that every server reads the schedule (a page is kept by shared caches no longer than
 * until it). One schedule per campaign: a new one replaces it. Audited, the one replaced as before.
 */
export async function scheduleCampaign(
  server: Studio,
  caller: OperatorCaller,
  campaignId: string,
  input: { version: number; publishAt: string; timeZone: string },
): Promise<ScheduledCampaign> {
  const at = server.clock();
  if (Date.parse(input.publishAt) <= at.getTime())
    throw refused([
      {
        field: 'publishAt',
        message: `is in the past: choose a time after ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC, or publish now`,
      },
    ]);
  await server.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, at);
    await refuseWhileExperimenting(trx, campaignId);
    const chosen = await publishable(trx, new CampaignVersions(trx), campaignId, input.version, 'newest');
    await checkedForPublishing(trx, campaignId, chosen, new Date(input.publishAt));
    const before = await trx.selectFrom('campaign_schedules').selectAll().where('campaign_id', '=', campaignId).executeTakeFirst();
    const row = {
      campaign_id: campaignId,
      version: input.version,
      publish_at: new Date(input.publishAt).toISOString(),
      time_zone: input.timeZone,
      operator_id: caller.operator.id,
      actor: caller.actor.label,
      created_at: at.toISOString(),
    };
    await trx.deleteFrom('campaign_schedules').where('campaign_id', '=', campaignId).execute();
    await trx.insertInto('campaign_schedules').values(row).execute();
    await appendAudit(
      trx,
      caller.actor,
      {
        action: 'campaign.scheduled',
        target: `campaign:${campaignId}`,
        before: before ? { version: before.version, publishAt: before.publish_at, timeZone: before.time_zone } : undefined,
        after: { version: input.version, publishAt: row.publish_at, timeZone: input.timeZone },
      },
      at,
    );
  });
  server.catalogue.invalidate();
  return { campaignId, version: input.version, publishAt: new Date(input.publishAt).toISOString(), timeZone: input.timeZone };
}

/** Calls a campaign's schedule off (audited); 404 when it has none. */
export async function unscheduleCampaign(
  server: Studio,
  caller: OperatorCaller,
  campaignId: string,
): Promise<{ campaignId: string; unscheduled: true }> {
  const at = server.clock();
  await server.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, at);
    const before = await trx.selectFrom('campaign_schedules').selectAll().where('campaign_id', '=', campaignId).executeTakeFirst();
    if (!before) throw new HttpError(404, 'schedule_not_found', `${campaignId} has no publication scheduled.`);
    await trx.deleteFrom('campaign_schedules').where('campaign_id', '=', campaignId).execute();
    await appendAudit(
      trx,
      caller.actor,
      {
        action: 'campaign.unscheduled',
        target: `campaign:${campaignId}`,
        before: { version: before.version, publishAt: before.publish_at, timeZone: before.time_zone },
      },
      at,
    );
  });
  server.catalogue.invalidate();
  return { campaignId, unscheduled: true };
}
