import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';

/** in_progress: the key's request is being answered; done: its answer is kept. */
export type IdempotencyState = 'in_progress' | 'done';

export type Claim<T> =
  | { kind: 'claimed' }
  | { kind: 'done'; response: T }
  | { kind: 'in_progress' }
  /** The key was claimed by another request: what became of that one (its answer, if it has one). */
  | { kind: 'mismatch'; inProgress: boolean; response: T | null };

/**
 * An attempt still in progress this long is taken over (the gateway dedupes the charge
 * itself): its request is taken to be dead. Reconciliation waits as long by default.
 */
export const STALE_AFTER_MS = 60_000;

/**
 * Idempotency keys of checkout submits: the first submit of an attempt claims its key,
 * later ones get its stored answer (or wait for it); a key reused for another request is
 * refused.
 */
export class IdempotencyStore<T> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async claim(key: string, requestHash: string, attempt = 1): Promise<Claim<T>> {
    const at = this.now().toISOString();
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({ key, request_hash: requestHash, state: 'in_progress', response_json: null, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'claimed' };

    const row = await this.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
    // Freed between our insert and this read (its attempt failed, or a reconciliation pass
    // let it go): claim it again, once; after that, the other holder is still at it.
    if (!row) return attempt < 2 ? this.claim(key, requestHash, attempt + 1) : { kind: 'in_progress' };
    if (row.request_hash !== requestHash) {
      return {
        kind: 'mismatch',
        inProgress: row.state !== 'done',
        response: row.response_json ? (JSON.parse(row.response_json) as T) : null,
      };
    }
    if (row.state === 'done' && row.response_json) return { kind: 'done', response: JSON.parse(row.response_json) as T };
    const staleBefore = new Date(this.now().getTime() - STALE_AFTER_MS).toISOString();
    const takenOver = await this.db
      .updateTable('idempotency_keys')
      .set({ updated_at: at })
      .where('key', '=', key)
      .where('state', '=', 'in_progress')
      .where('updated_at', '<', staleBefore)
      .executeTakeFirst();
    return Number(takenOver.numUpdatedRows) > 0 ? { kind: 'claimed' } : { kind: 'in_progress' };
  }

  /** The stored answer of a finished attempt with this request, if there is one. */
  async answered(key: string, requestHash: string): Promise<T | null> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['state', 'request_hash', 'response_json'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.state === 'done' && row.request_hash === requestHash && row.response_json ? (JSON.parse(row.response_json) as T) : null;
  }

  async complete(key: string, response: T): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_json: JSON.stringify(response), updated_at: this.now().toISOString() })
      .where('key', '=', key)
      .execute();
  }

  /** Lets a later submit of the attempt try again (the attempt failed before any answer). */
  async release(key: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('key', '=', key).where('state', '=', 'in_progress').execute();
  }

  /**
   * Frees a stale attempt's key only if nobody touched it since it was seen (`updatedAt`):
   * a retry that took it over meanwhile keeps it, so its duplicates still wait for its answer.
   */
  async releaseIfUntouched(key: string, updatedAt: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('idempotency_keys')
      .where('key', '=', key)
      .where('state', '=', 'in_progress')
      .where('updated_at', '=', updatedAt)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** Keys still in progress that were last touched before `before` (ISO), the oldest first: attempts whose request may have died. */
  async inProgressBefore(before: string, limit: number): Promise<{ key: string; updatedAt: string }[]> {
    const rows = await this.db
      .selectFrom('idempotency_keys')
      .select(['key', 'updated_at'])
      .where('state', '=', 'in_progress')
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ key: row.key, updatedAt: row.updated_at }));
  }

  /** Waits for another submit of the same attempt to finish, up to `timeoutMs`. */
  async waitForResponse(key: string, timeoutMs: number, pollMs = 50): Promise<T | null> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const row = await this.db.selectFrom('idempotency_keys').select(['state', 'response_json']).where('key', '=', key).executeTakeFirst();
      if (row?.state === 'done' && row.response_json) return JSON.parse(row.response_json) as T;
      if (!row) return null;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return null;
  }
}
