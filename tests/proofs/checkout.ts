import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SubmitRequestInput } from '@/lib/checkout/submitContract';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { transactionIdFor } from '@/lib/server/checkout/submitService';
import type { Database } from '@/lib/server/db/schema';

/**
 * A card step's submit as the browser sends it (components/steps/CreditCardStep.tsx through
 * lib/api: POST /api/checkout/submit, JSON, one idempotency key per attempt), in test mode
 * with the sandbox's 4242 card.
 */
export function submitBody(idempotencyKey: string = randomUUID(), email = 'proof@example.com'): SubmitRequestInput {
  return submitRequestFixture({
    idempotencyKey,
    billing: { email, firstName: 'Proof', lastName: 'Reader', country: 'GB' },
    payment: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    source: 'proofs',
    trackingSessionId: 'proofs-session-0001',
    returnPath: '/vogue/demo-single/credit-card?livemode=false&source=proofs',
  });
}

export interface SubmitAnswer {
  /** HTTP status; 0 when no answer came (the connection was cut). */
  status: number;
  body: { status?: string; transactionId?: string; successPath?: string; error?: { code?: string } } | null;
  cookie: string;
  failure?: string;
}

export async function submit(base: string, body: SubmitRequestInput, timeoutMs = 60_000): Promise<SubmitAnswer> {
  try {
    const response = await fetch(`${base}/api/checkout/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: SubmitAnswer['body'] = null;
    try {
      parsed = JSON.parse(text) as SubmitAnswer['body'];
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' };
  } catch (error) {
    return { status: 0, body: null, cookie: '', failure: String((error as Error).cause ?? error) };
  }
}

/** "200 succeeded", "409 attempt_in_progress", "0 (no answer)": what an answer was, for counting. */
export function describeAnswer(answer: SubmitAnswer): string {
  if (answer.status === 0) return '0 (no answer)';
  return `${answer.status} ${answer.body?.status ?? answer.body?.error?.code ?? '(not JSON)'}`;
}

/** What the database holds for an attempt: the gateway's charges, the transaction and the key. */
export async function attemptState(db: Kysely<Database>, idempotencyKey: string) {
  const charges = await db
    .selectFrom('sandbox_payment_intents')
    .select(['id', 'status'])
    .where('idempotency_key', '=', idempotencyKey)
    .execute();
  const transactions = await db
    .selectFrom('transactions')
    .select(['id', 'status', 'subscription_id', 'invoice_number', 'gateway_payment_id'])
    .where('id', '=', transactionIdFor(idempotencyKey))
    .execute();
  const key = await db
    .selectFrom('idempotency_keys')
    .select(['state', 'response_json'])
    .where('key', '=', idempotencyKey)
    .executeTakeFirst();
  return { charges, transactions, key: key ?? null };
}
