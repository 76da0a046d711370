import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { newSecret, SECRET_SHAPE, sha256 } from '@/lib/server/ids';

export type KeepLinkLookup = { ok: true; subscriptionId: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * The one-click "Keep my subscription" links that a cancellation made on the public cancel
 * page e-mails to the subscriber: valid until the period ends, used once, stored as hashes.
 */
export class KeepLinkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new link's token for the subscription (in the caller's transaction when given one). */
  async create(subscriptionId: string, expiresAt: string, at: Date): Promise<string> {
    const token = newSecret();
    await this.db
      .insertInto('keep_links')
      .values({
        token_hash: sha256(token),
        subscription_id: subscriptionId,
        expires_at: expiresAt,
        used_at: null,
        created_at: at.toISOString(),
      })
      .execute();
    return token;
  }

  /** What a token names, without using it. */
  async find(token: string, now: Date): Promise<KeepLinkLookup> {
    if (!SECRET_SHAPE.test(token)) return { ok: false, reason: 'invalid' };
    const row = await this.db.selectFrom('keep_links').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row) return { ok: false, reason: 'invalid' };
    if (row.used_at) return { ok: false, reason: 'used' };
    if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, subscriptionId: row.subscription_id };
  }

  /** Uses a token once: false when another request used it first. */
  async use(token: string, at: Date): Promise<boolean> {
    const used = await this.db
      .updateTable('keep_links')
      .set({ used_at: at.toISOString() })
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) > 0;
  }
}
