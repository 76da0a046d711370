import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { WithdrawalLinkPurpose } from '@/lib/withdrawal/withdrawalView';
import { newSecret, SECRET_SHAPE, sha256 } from '@/lib/server/ids';

export type WithdrawalLinkLookup =
  { ok: true; withdrawalId: string; purpose: WithdrawalLinkPurpose } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * The two links that the acknowledgment of a public withdrawal e-mails to the subscription's
 * own address: valid until the withdrawal is applied without an answer, used once (either
 * one spends both), stored as hashes, as the keep links (KeepLinkRepository).
 */
export class WithdrawalLinkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new link's token (in the caller's transaction when given one). */
  async create(withdrawalId: string, purpose: WithdrawalLinkPurpose, expiresAt: string, at: Date): Promise<string> {
    const token = newSecret();
    await this.db
      .insertInto('withdrawal_links')
      .values({
        token_hash: sha256(token),
        withdrawal_id: withdrawalId,
        purpose,
        expires_at: expiresAt,
        used_at: null,
        created_at: at.toISOString(),
      })
      .execute();
    return token;
  }

  /** What a token names, without using it. */
  async find(token: string, now: Date): Promise<WithdrawalLinkLookup> {
    if (!SECRET_SHAPE.test(token)) return { ok: false, reason: 'invalid' };
    const row = await this.db.selectFrom('withdrawal_links').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row) return { ok: false, reason: 'invalid' };
    if (row.used_at) return { ok: false, reason: 'used' };
    if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, withdrawalId: row.withdrawal_id, purpose: row.purpose };
  }

  /** Spends every link of a withdrawal once it is answered (confirmed, objected to, or applied). */
  async useAll(withdrawalId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('withdrawal_links')
      .set({ used_at: at.toISOString() })
      .where('withdrawal_id', '=', withdrawalId)
      .where('used_at', 'is', null)
      .execute();
  }
}
