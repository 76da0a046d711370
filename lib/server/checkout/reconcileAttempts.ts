import type { Kysely } from 'kysely';
import type { SubmitResponse } from '@/lib/checkout/submitContract';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { Database } from '@/lib/server/db/schema';
import type { ChargeResult, NextAction, PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { IdempotencyStore } from './IdempotencyStore';
import { settledResponse, transactionIdFor } from './submitService';
import { TransactionRepository, type Transaction } from './TransactionRepository';

export interface ReconcileDeps {
  db: Kysely<Database>;
  /** The gateways of the enabled payment methods. */
  gateways: readonly PaymentGateway[];
  now: () => Date;
  /**
   * Attempts in progress for less than this are left alone: their submit (on this instance
   * or a sibling) may still be charging. Nothing a pass does to a live attempt charges or
   * loses anything (see reconcileAttempt), but it would make its duplicates charge again
   * through the gateway's key instead of waiting for its answer.
   */
  graceMs: number;
  /** At most this many attempts per pass, the oldest first. */
  limit?: number;
}

export type AttemptOutcome =
  /** The transaction follows the gateway, and the attempt's key holds its answer: a retry gets it, with no second charge. */
  | { kind: 'answered'; transactionId: string; status: SubmitResponse['status'] }
  /**
   * Nothing was taken for the attempt (its transaction ends as failed, `interrupted`), or its
   * outcome is recorded but cannot be answered here: its key is freed, and a retry of the
   * attempt is answered from the transaction.
   */
  | { kind: 'released'; transactionId: string; reason: string }
  /** Where the payment stands is not known: left for the gateway's webhook and a later pass. */
  | { kind: 'left'; transactionId: string; reason: string };

/**
 * Settles checkout attempts whose submit died between the charge and its answer (the
 * server was killed, its database went away): their idempotency key stays `in_progress`
 * and their transaction `processing` while the gateway may have taken the money. For each
 * attempt in progress for longer than the grace period, the gateway is asked where its
 * payment stands; the transaction is then completed exactly as the submit would have
 * completed it (one subscription, one invoice: markSucceeded moves an open transaction
 * once), or failed, and the key is given the submit's answer.
 */
export async function reconcileStuckAttempts(deps: ReconcileDeps): Promise<AttemptOutcome[]> {
  const idempotency = new IdempotencyStore<SubmitResponse>(deps.db, deps.now);
  const before = new Date(deps.now().getTime() - deps.graceMs).toISOString();
  const keys = await idempotency.inProgressBefore(before, deps.limit ?? 100);
  const outcomes: AttemptOutcome[] = [];
  // One at a time: a pass is background work, and gateways are not to be flooded after an outage.
  for (const seen of keys) outcomes.push(await reconcileAttempt(deps, seen));
  return outcomes;
}

/**
 * One attempt. Safe against a submit of the attempt still running (a slow gateway beyond
 * the grace period, a retry that took the key over): every write here is one that submit
 * makes too, with the same outcome, since both go by what the gateway holds under the
 * attempt's key. A key is freed only if nobody touched it since the pass saw it: a retry
 * that took it over meanwhile keeps it, and its duplicates go on waiting for its answer.
 */
async function reconcileAttempt(deps: ReconcileDeps, seen: { key: string; updatedAt: string }): Promise<AttemptOutcome> {
  const { key } = seen;
  const idempotency = new IdempotencyStore<SubmitResponse>(deps.db, deps.now);
  const transactions = new TransactionRepository(deps.db, deps.now);
  const transactionId = transactionIdFor(key);
  const row = await transactions.findById(transactionId);
  if (!row) {
    // The charge comes after the transaction is written: without one, nothing was charged.
    if (!(await idempotency.releaseIfUntouched(key, seen.updatedAt))) return takenOver(transactionId);
    return { kind: 'released', transactionId, reason: 'no transaction was written, so nothing was charged' };
  }

  let action: NextAction | null = null;
  if (row.status === 'processing' || row.status === 'requires_action') {
    const found = await paymentOf(deps.gateways, row, seen);
    if (found.kind === 'unknown') return { kind: 'left', transactionId, reason: found.reason };
    if (found.kind === 'nothing') {
      if (!(await idempotency.releaseIfUntouched(key, seen.updatedAt))) return takenOver(transactionId);
      // Nothing was taken, so the order ends as failed rather than open for ever. A charge of
      // the attempt reported afterwards still completes it (markSucceeded moves `interrupted`).
      await transactions.markInterrupted(transactionId);
      return { kind: 'released', transactionId, reason: `${found.reason}; the order ended as failed (interrupted)` };
    }
    const result = found.result;
    if (result.status === 'succeeded')
      await transactions.markSucceeded(transactionId, result.paymentId, result.instrument, result.chargeId, result.card);
    else if (result.status === 'failed') await transactions.markFailed(transactionId, result.paymentId, result.code);
    else {
      await transactions.markRequiresAction(transactionId, result.paymentId);
      action = result.action;
    }
  }

  const current = (await transactions.findById(transactionId)) ?? row;
  const paymentStepPath = current.order.paymentStepPath;
  const response = answerFor(current, paymentStepPath, action);
  if (!response) {
    // Recorded, but its answer needs the payment step's path, which orders placed before it
    // was kept lack: a retry of the attempt finds the settled transaction and answers from it.
    if (!(await idempotency.releaseIfUntouched(key, seen.updatedAt))) return takenOver(transactionId);
    return { kind: 'released', transactionId, reason: `settled as ${current.status}; no payment step path to answer with` };
  }
  await idempotency.complete(key, response);
  return { kind: 'answered', transactionId, status: response.status };
}

/** A retry took the key over while the pass looked: the key is its own now. */
const takenOver = (transactionId: string): AttemptOutcome => ({
  kind: 'left',
  transactionId,
  reason: 'a retry took the attempt over meanwhile',
});

type FoundPayment = { kind: 'charged'; result: ChargeResult } | { kind: 'nothing'; reason: string } | { kind: 'unknown'; reason: string };

/** The attempt's payment at its gateway: by its id when the submit recorded one, else by what the charge was sent with. */
async function paymentOf(
  gateways: readonly PaymentGateway[],
  row: Transaction,
  seen: { key: string; updatedAt: string },
): Promise<FoundPayment> {
  const { key } = seen;
  const gateway = gateways.find((candidate) => candidate.name === row.gateway);
  if (!gateway) return { kind: 'unknown', reason: `its gateway (${row.gateway}) is not enabled on this server` };
  const livemode = row.livemode;
  try {
    if (row.gatewayPaymentId) return { kind: 'charged', result: await gateway.retrieve(row.gatewayPaymentId, livemode) };
    const lookup = await gateway.lookupAttempt({
      idempotencyKey: key,
      transactionId: row.id,
      livemode,
      amount: row.total,
      createdAt: row.createdAt,
      lastClaimedAt: seen.updatedAt,
    });
    if (lookup.kind === 'charged') return lookup;
    return lookup.kind === 'nothing'
      ? { kind: 'nothing', reason: `${gateway.name} took nothing for it` }
      : { kind: 'unknown', reason: lookup.reason };
  } catch (error) {
    return { kind: 'unknown', reason: `${gateway.name} did not answer: ${(error as Error).message}` };
  }
}

/** The submit's answer for the transaction as it now stands; null when it cannot be given here. */
function answerFor(row: Transaction, paymentStepPath: string | undefined, action: NextAction | null): SubmitResponse | null {
  if (row.status === 'requires_action' && action) return { status: 'requires_action', transactionId: row.id, action };
  // Kept for a retry of the attempt whose answer was lost: its campaign is not at hand here, so English (DEFAULT_LOCALE).
  const words = serverWords(DEFAULT_LOCALE);
  if (row.status === 'failed') return settledResponse(row, paymentStepPath ?? '', words);
  if (row.status === 'succeeded' && paymentStepPath) return settledResponse(row, paymentStepPath, words);
  return null;
}
