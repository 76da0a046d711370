import type { Kysely } from 'kysely';
import type { Database, DuplicatePurchaseUndoTable } from '@/lib/server/db/schema';
import { newSecret, randomId, SECRET_SHAPE, sha256 } from '@/lib/server/ids';
import { UNDO_VALID_DAYS } from '@/lib/account/undoPurchaseView';

// Its page says it too (the link's expiry), so it lives with the page's view.
export { UNDO_VALID_DAYS };

export type UndoLink = DuplicatePurchaseUndoTable;

export type UndoLinkLookup =
  { ok: true; link: UndoLink } | { ok: false; reason: 'invalid' | 'expired' } | { ok: false; reason: 'used'; link: UndoLink };

/**
 * The one-click links that undo a duplicate purchase: stored as hashes, one per paid
 * purchase at most, valid for 14 days, used once.
 */
export class UndoLinkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new link's token (in the caller's transaction when given one); null when the purchase has one already. */
  async create(link: { transactionId: string; subscriptionId: string; earlierSubscriptionId: string }, at: Date): Promise<string | null> {
    const token = newSecret();
    const written = await this.db
      .insertInto('duplicate_purchase_undos')
      .values({
        id: randomId('undo'),
        transaction_id: link.transactionId,
        subscription_id: link.subscriptionId,
        earlier_subscription_id: link.earlierSubscriptionId,
        token_hash: sha256(token),
        expires_at: new Date(at.getTime() + UNDO_VALID_DAYS * 86_400_000).toISOString(),
        used_at: null,
        created_at: at.toISOString(),
      })
      .onConflict((oc) => oc.column('transaction_id').doNothing())
      .executeTakeFirst();
    return Number(written.numInsertedOrUpdatedRows ?? 0n) > 0 ? token : null;
  }

  /** What a token names, without using it. A used link is answered as used even once expired: the page says when it was undone. */
  async find(token: string, now: Date): Promise<UndoLinkLookup> {
    if (!SECRET_SHAPE.test(token)) return { ok: false, reason: 'invalid' };
    const link = await this.db
      .selectFrom('duplicate_purchase_undos')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!link) return { ok: false, reason: 'invalid' };
    if (link.used_at) return { ok: false, reason: 'used', link };
    if (Date.parse(link.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, link };
  }

  /** Marks a link used once: false when another request used it first. */
  async use(id: string, at: Date): Promise<boolean> {
    const used = await this.db
      .updateTable('duplicate_purchase_undos')
      .set({ used_at: at.toISOString() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) > 0;
  }
}
