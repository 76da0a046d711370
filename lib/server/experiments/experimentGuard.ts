import type { Transaction } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { ExperimentRepository } from './ExperimentRepository';

/**
 * 409 while an experiment runs or is paused on the campaign: its control is the published
 * version, so another publication (or a schedule of one) waits until it is stopped.
 */
export async function refuseWhileExperimenting(trx: Transaction<Database>, campaignId: string): Promise<void> {
  const live = await new ExperimentRepository(trx).live(campaignId);
  if (live)
    throw new HttpError(
      409,
      'experiment_running',
      `The experiment "${live.name}" is ${live.status} on this campaign: stop it (keeping the variant you choose) before publishing another version.`,
    );
}
