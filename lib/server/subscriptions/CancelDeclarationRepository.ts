import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { randomId } from '@/lib/server/ids';

/** A declaration as the background pass reads it. */
export interface PendingDeclaration {
  id: string;
  /** Lower case. */
  email: string;
  brandSlug: string;
  livemode: boolean;
  reason: string | null;
  declaredAt: string;
  /** The site it reached, for the e-mails' links (null: PUBLIC_ORIGIN). */
  origin: string | null;
}

/**
 * The cancellations declared on the public cancel page (table cancel_declarations): recorded
 * by the request, one insert whatever the address, and applied later by the background pass.
 */
export class CancelDeclarationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(
    declaration: Omit<PendingDeclaration, 'id'> & { client: { address: string | null; userAgent: string | null } },
  ): Promise<void> {
    await this.db
      .insertInto('cancel_declarations')
      .values({
        id: randomId('cxl'),
        email: declaration.email,
        brand_slug: declaration.brandSlug,
        livemode: declaration.livemode ? 1 : 0,
        reason: declaration.reason,
        client_json: JSON.stringify(declaration.client),
        subscriptions_cancelled: 0,
        declared_at: declaration.declaredAt,
        applied_at: null,
        origin: declaration.origin,
      })
      .execute();
  }

  /** Declarations not applied yet, the oldest first. */
  async pending(limit: number): Promise<PendingDeclaration[]> {
    const rows = await this.db
      .selectFrom('cancel_declarations')
      .select(['id', 'email', 'brand_slug', 'livemode', 'reason', 'declared_at', 'origin'])
      .where('applied_at', 'is', null)
      .orderBy('declared_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      brandSlug: row.brand_slug,
      livemode: row.livemode === 1,
      reason: row.reason,
      declaredAt: row.declared_at,
      origin: row.origin,
    }));
  }

  /** Records that it was applied and how many subscriptions it cancelled: once (two instances applying it, the first records). */
  async markApplied(id: string, subscriptionsCancelled: number, at: Date): Promise<void> {
    await this.db
      .updateTable('cancel_declarations')
      .set({ applied_at: at.toISOString(), subscriptions_cancelled: subscriptionsCancelled })
      .where('id', '=', id)
      .where('applied_at', 'is', null)
      .execute();
  }
}
