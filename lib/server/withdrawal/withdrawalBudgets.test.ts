import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { WithdrawalService, WITHDRAWALS_PER_CLIENT, type PublicDeclaration } from './WithdrawalService';

/** The public page's declarations per client count test mode apart from live; only test mode's refusal says how to lift it. */
let db: Kysely<Database>;
const now = () => new Date('2026-11-21T12:00:00Z');

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

// Nothing here matches a purchase: no refund or end is ever asked for.
const service = () =>
  new WithdrawalService({
    db,
    now,
    refunds: { refund: async () => Promise.reject(new Error('not called')) },
    subscriptions: { endNow: async () => Promise.reject(new Error('not called')) },
    brands: new Map(),
    origin: () => 'https://subscribe.example.com',
  });

let n = 0;
const declaration = (livemode: boolean, clientKey: string): PublicDeclaration => {
  n += 1;
  return {
    email: `reader${n}@example.com`,
    invoiceNumber: `INV-2026-${String(n).padStart(6, '0')}`,
    name: null,
    livemode,
    client: { address: null, userAgent: null },
    clientKey,
  };
};

async function refusal(call: Promise<unknown>): Promise<HttpError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe('withdrawal declarations: test mode and live are separate budgets', () => {
  it("a client's spent test budget leaves its live one whole; the test refusal names /admin/limits", async () => {
    for (let i = 0; i < WITHDRAWALS_PER_CLIENT; i += 1) await service().declare(declaration(false, '203.0.113.9'));
    const refused = await refusal(service().declare(declaration(false, '203.0.113.9')));
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(refused!.message).toMatch(/^Too many withdrawals were sent from your network\. .* lift this limit on \/admin\/limits\.$/);
    expect(await refusal(service().declare(declaration(true, '203.0.113.9')))).toBeNull();
  });

  it("a client's spent live budget leaves its test one whole, and the live refusal keeps its wording", async () => {
    for (let i = 0; i < WITHDRAWALS_PER_CLIENT; i += 1) await service().declare(declaration(true, '203.0.113.10'));
    const refused = await refusal(service().declare(declaration(true, '203.0.113.10')));
    expect(refused!.message).toBe(
      'Too many withdrawals were sent from your network. Please wait 15 minutes and try again, or sign in and withdraw from your account.',
    );
    expect(await refusal(service().declare(declaration(false, '203.0.113.10')))).toBeNull();
  });
});
