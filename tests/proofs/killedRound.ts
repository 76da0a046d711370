import type { Kysely } from 'kysely';
import { transactionIdFor } from '@/lib/server/checkout/submitService';
import type { Database } from '@/lib/server/db/schema';

/** What the database holds for a round of attempts: each one's charges, transaction and key. */
export interface RoundState {
  /** Succeeded sandbox charges per attempt's key. */
  charged: Map<string, number>;
  transactions: Map<string, { status: string; failure_code: string | null; invoice_number: string | null; subscription_id: string | null }>;
  /** Keys still claimed by a submit that never answered. */
  keysInProgress: number;
}

export async function roundState(db: Kysely<Database>, keys: readonly string[]): Promise<RoundState> {
  const charges = await db
    .selectFrom('sandbox_payment_intents')
    .select(['idempotency_key', 'status'])
    .where('idempotency_key', 'in', keys)
    .execute();
  const charged = new Map<string, number>();
  for (const charge of charges) {
    if (charge.status === 'succeeded') charged.set(charge.idempotency_key, (charged.get(charge.idempotency_key) ?? 0) + 1);
  }
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'status', 'failure_code', 'invoice_number', 'subscription_id'])
    .where(
      'id',
      'in',
      keys.map((key) => transactionIdFor(key)),
    )
    .execute();
  const transactions = new Map(rows.map(({ id, ...row }) => [id, row]));
  const inProgress = await db
    .selectFrom('idempotency_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('key', 'in', keys)
    .where('state', '=', 'in_progress')
    .executeTakeFirstOrThrow();
  return { charged, transactions, keysInProgress: Number(inProgress.count) };
}

/** Transactions of the round that are still open: processing or waiting for an action nobody will take. */
export const openTransactions = (state: RoundState): number =>
  [...state.transactions.values()].filter((row) => row.status === 'processing' || row.status === 'requires_action').length;

/**
 * What became of each attempt, counted: `paid` (one charge, succeeded with its invoice and
 * subscription), `interrupted` (nothing charged, failed as interrupted), `unwritten`
 * (nothing charged, no transaction), and everything else by what is wrong with it.
 */
export function outcomes(state: RoundState, keys: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) {
    const row = state.transactions.get(transactionIdFor(key));
    const charges = state.charged.get(key) ?? 0;
    const kind = !row
      ? charges === 0
        ? 'unwritten'
        : 'charged without a transaction'
      : row.status === 'succeeded' && charges === 1 && row.invoice_number && row.subscription_id
        ? 'paid'
        : row.status === 'failed' && row.failure_code === 'interrupted' && charges === 0
          ? 'interrupted'
          : `${row.status} (${row.failure_code ?? 'no code'}) with ${charges} charge(s)`;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}
