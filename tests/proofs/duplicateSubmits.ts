import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { attemptState, describeAnswer, submit, submitBody } from './checkout';
import { Checks, tally, type ProofResult } from './proof';

export const DUPLICATES = 50;

/**
 * Duplicate submits: one checkout attempt submitted 50 times at once (the same body and
 * idempotency key, as a browser's repeated clicks or retries send it) charges once and
 * writes one transaction. Every answer is the attempt's success, or the clear 409
 * attempt_in_progress of a duplicate that waited longer than the server waits for the first.
 */
export async function duplicateSubmits(base: string, db: Kysely<Database>): Promise<ProofResult> {
  const checks = new Checks();
  const key = randomUUID();
  const body = submitBody(key);
  const answers = await Promise.all(Array.from({ length: DUPLICATES }, () => submit(base, body)));
  const kinds = tally(answers.map(describeAnswer));
  const state = await attemptState(db, key);
  const succeeded = answers.filter((answer) => answer.status === 200 && answer.body?.status === 'succeeded');
  const transactionIds = new Set(succeeded.map((answer) => answer.body?.transactionId));

  checks.that(
    answers.every((answer) => describeAnswer(answer) === '200 succeeded' || describeAnswer(answer) === '409 attempt_in_progress'),
    `all ${DUPLICATES} answers are 200 succeeded or 409 attempt_in_progress`,
    kinds,
  );
  checks.that(succeeded.length >= 1, 'at least one answer is the success');
  checks.that(transactionIds.size === 1 && transactionIds.has(state.transactions[0]?.id), 'every success names the one transaction', [
    ...transactionIds,
  ]);
  checks.that(
    state.charges.length === 1 && state.charges[0]?.status === 'succeeded',
    'exactly one charge at the gateway (sandbox_payment_intents under the key)',
    state.charges,
  );
  checks.that(
    state.transactions.length === 1 && state.transactions[0]?.status === 'succeeded',
    'exactly one transaction, succeeded',
    state.transactions,
  );
  checks.that(
    Boolean(state.transactions[0]?.invoice_number && state.transactions[0]?.subscription_id),
    'it has one invoice number and one subscription id',
    state.transactions[0],
  );
  checks.that(state.key?.state === 'done', "the attempt's key holds its answer", state.key?.state);

  return {
    title: `duplicate submits: ${DUPLICATES} concurrent submits of one attempt charge once`,
    ok: checks.ok,
    checks: checks.lines,
    measures: { submits: DUPLICATES, answers: kinds, charges: state.charges.length, transactions: state.transactions.length },
  };
}
