import type { Kysely } from 'kysely';
import type { Experiment, ExperimentStatus, ExperimentVariant, VariantKey } from '@/lib/experiments/experiment';
import type { Database, ExperimentTable } from '@/lib/server/db/schema';

/** Experiments not yet stopped: a campaign has at most one, whose variants its visitors may be shown. */
const LIVE: readonly ExperimentStatus[] = ['running', 'paused'];

/** The experiments' rows (migration 0063): the only place with their SQL. */
export class ExperimentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private async withVariants(rows: readonly ExperimentTable[]): Promise<Experiment[]> {
    if (rows.length === 0) return [];
    const variants = await this.db
      .selectFrom('experiment_variants')
      .selectAll()
      .where(
        'experiment_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('position')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      campaignId: row.campaign_id,
      name: row.name,
      status: row.status,
      startedAt: row.started_at,
      pausedAt: row.paused_at,
      stoppedAt: row.stopped_at,
      winnerKey: row.winner_key as VariantKey | null,
      winnerVersion: row.winner_version,
      variants: variants
        .filter((variant) => variant.experiment_id === row.id)
        .map((variant): ExperimentVariant => ({ key: variant.key as VariantKey, version: variant.version, weight: variant.weight })),
    }));
  }

  async find(id: string): Promise<Experiment | null> {
    const rows = await this.db.selectFrom('experiments').selectAll().where('id', '=', id).execute();
    return (await this.withVariants(rows))[0] ?? null;
  }

  /** The campaign's experiment that is running or paused; null when none is. */
  async live(campaignId: string): Promise<Experiment | null> {
    const rows = await this.db
      .selectFrom('experiments')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('status', 'in', [...LIVE])
      .execute();
    return (await this.withVariants(rows))[0] ?? null;
  }

  /** Every experiment, or a campaign's, the newest first. */
  async list(campaignId: string | null = null): Promise<Experiment[]> {
    let query = this.db.selectFrom('experiments').selectAll();
    if (campaignId !== null) query = query.where('campaign_id', '=', campaignId);
    return this.withVariants(await query.orderBy('started_at', 'desc').orderBy('id', 'desc').execute());
  }

  async insert(experiment: Experiment, operatorId: string): Promise<void> {
    await this.db
      .insertInto('experiments')
      .values({
        id: experiment.id,
        campaign_id: experiment.campaignId,
        name: experiment.name,
        status: experiment.status,
        operator_id: operatorId,
        started_at: experiment.startedAt,
        paused_at: null,
        stopped_at: null,
        winner_key: null,
        winner_version: null,
      })
      .execute();
    await this.db
      .insertInto('experiment_variants')
      .values(
        experiment.variants.map((variant, position) => ({
          experiment_id: experiment.id,
          key: variant.key,
          position,
          version: variant.version,
          weight: variant.weight,
        })),
      )
      .execute();
  }

  /** Moves an experiment from one status to another; false when it was not in `from` (someone else moved it first). */
  async move(
    id: string,
    from: ExperimentStatus,
    to: Pick<ExperimentTable, 'status'> & Partial<Pick<ExperimentTable, 'paused_at' | 'stopped_at' | 'winner_key' | 'winner_version'>>,
  ): Promise<boolean> {
    const result = await this.db.updateTable('experiments').set(to).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The variant a visitor was enrolled in; null when they were not. */
  async enrolment(experimentId: string, visitorId: string): Promise<VariantKey | null> {
    const row = await this.db
      .selectFrom('experiment_visitors')
      .select('variant_key')
      .where('experiment_id', '=', experimentId)
      .where('visitor_id', '=', visitorId)
      .executeTakeFirst();
    return (row?.variant_key as VariantKey | undefined) ?? null;
  }

  /** Enrols a visitor once: a second enrolment (another tab, another server) keeps the first. Answers the variant they keep. */
  async enrol(enrolment: {
    experimentId: string;
    visitorId: string;
    variant: VariantKey;
    livemode: boolean;
    source: string | null;
    at: Date;
  }): Promise<VariantKey> {
    await this.db
      .insertInto('experiment_visitors')
      .values({
        experiment_id: enrolment.experimentId,
        visitor_id: enrolment.visitorId,
        variant_key: enrolment.variant,
        livemode: enrolment.livemode ? 1 : 0,
        source: enrolment.source,
        enrolled_at: enrolment.at.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['experiment_id', 'visitor_id']).doNothing())
      .execute();
    return (await this.enrolment(enrolment.experimentId, enrolment.visitorId)) ?? enrolment.variant;
  }
}
