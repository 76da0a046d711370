import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { mailNotices } from './mailNotices';
import { CANCELS_PER_CLIENT, declareCancellation, keepSubscription, keptSubscription, type Declaration } from './publicCancellation';
import { SubscriptionRepository } from './SubscriptionRepository';
import { SubscriptionService } from './SubscriptionService';

let db: Kysely<Database>;
let clock: Date;
const now = () => clock;

beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-11-26T10:00:00.000Z');
});
afterEach(async () => db.destroy());

const BRANDS = new Map([
  [
    'vogue',
    {
      name: 'Vogue',
      identity: {
        primaryColor: '#000000',
        accentColor: '#b3122e',
        backgroundColor: '#ffffff',
        textColor: '#111111',
        fontFamily: 'display' as const,
        tagline: '',
      },
    },
  ],
]);
const deps = () => ({ db, now, service: new SubscriptionService(db, [], mailNotices('https://shop.example.com', BRANDS), now) });
const declaration = (overrides: Partial<Declaration> = {}): Declaration => ({
  email: 'Ada@Example.com',
  brandSlug: 'vogue',
  livemode: true,
  reason: 'Moving abroad',
  client: { address: '203.0.113.7', userAgent: 'UA' },
  clientKey: '203.0.113.7',
  ...overrides,
});

async function subscribed(id: string, overrides: object = {}): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  await transactions.create(newTransactionFixture({ id, gateway: 'sandbox', livemode: true, ...overrides }));
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

const mails = () => db.selectFrom('outbox').select(['to_email', 'kind', 'link', 'body_text']).orderBy('created_at').execute();
const keepToken = async () => new URL((await mails()).find((mail) => mail.kind === 'cancel-request')!.link!).searchParams.get('token')!;

describe('a cancellation declared on the public cancel page', () => {
  it('cancels the address’s renewing subscriptions to the brand at period end, and e-mails a way to keep each', async () => {
    const id = await subscribed('txn_1', { customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'R', country: 'DE' } });
    await subscribed('txn_other', { customer: { email: 'bob@example.com', firstName: 'Bob', lastName: 'R', country: 'DE' } });
    expect(await declareCancellation(deps(), declaration())).toEqual({ receivedAt: clock.toISOString() });
    const records = new SubscriptionRepository(db, now);
    expect(await records.findById(id)).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelChannel: 'cancel-page',
      cancelReason: 'Moving abroad',
    });
    const sent = (await mails()).filter((mail) => mail.kind === 'cancel-request');
    expect(sent).toEqual([
      expect.objectContaining({
        to_email: 'ada@example.com',
        link: expect.stringMatching(/^https:\/\/shop\.example\.com\/cancel\/keep\?token=/),
      }),
    ]);
    expect(sent[0]!.body_text).toContain('November 26, 2027 at 10:00 UTC');
  });

  it('answers the same, and records the declaration, whether or not the address subscribes', async () => {
    await subscribed('txn_1');
    const held = await declareCancellation(deps(), declaration({ email: 'ada@example.com' }));
    const none = await declareCancellation(deps(), declaration({ email: 'nobody@example.com' }));
    expect(Object.keys(held)).toEqual(Object.keys(none));
    const declared = await db
      .selectFrom('cancel_declarations')
      .select(['email', 'subscriptions_cancelled', 'reason'])
      .orderBy('email')
      .execute();
    expect(declared).toEqual([
      { email: 'ada@example.com', subscriptions_cancelled: 1, reason: 'Moving abroad' },
      { email: 'nobody@example.com', subscriptions_cancelled: 0, reason: 'Moving abroad' },
    ]);
  });

  it('leaves other brands, the other mode, and one already cancelled alone (no second e-mail)', async () => {
    await subscribed('txn_test', { livemode: false });
    await subscribed('txn_wired', { brandSlug: 'wired' });
    await declareCancellation(deps(), declaration());
    expect(await db.selectFrom('subscriptions').select('cancel_at_period_end').execute()).toEqual([
      { cancel_at_period_end: 0 },
      { cancel_at_period_end: 0 },
    ]);
    await subscribed('txn_live');
    await declareCancellation(deps(), declaration());
    await declareCancellation(deps(), declaration());
    expect((await mails()).filter((mail) => mail.kind === 'cancel-request')).toHaveLength(1);
  });

  it(`limits declarations per client address (${CANCELS_PER_CLIENT} per 15 minutes), never per e-mail address`, async () => {
    for (let i = 0; i < CANCELS_PER_CLIENT; i += 1) await declareCancellation(deps(), declaration({ clientKey: 'stranger' }));
    await expect(declareCancellation(deps(), declaration({ clientKey: 'stranger' }))).rejects.toMatchObject({ status: 429 });
    // The stranger used up their own allowance only: the subscriber can still cancel.
    await subscribed('txn_1');
    await declareCancellation(deps(), declaration({ clientKey: 'subscriber' }));
    expect((await new SubscriptionRepository(db, now).renewingForAddress('ada@example.com', 'vogue', true)).length).toBe(0);
  });
});

describe('the "Keep my subscription" link', () => {
  it('shows what it keeps without using it, keeps it once, and says so when used again', async () => {
    const id = await subscribed('txn_1');
    await declareCancellation(deps(), declaration());
    const token = await keepToken();
    expect((await keptSubscription(deps(), token)).id).toBe(id);
    expect((await keptSubscription(deps(), token)).cancelAtPeriodEnd).toBe(true);
    expect(await keepSubscription(deps(), token)).toMatchObject({ id, cancelAtPeriodEnd: false });
    await expect(keepSubscription(deps(), token)).rejects.toMatchObject({ status: 410, code: 'keep_link_used' });
    expect((await mails()).map((mail) => mail.kind)).toEqual(['cancel-request', 'resumed']);
  });

  it.each([
    ['a malformed token', 'nope', 400, 'keep_link_invalid'],
    ['an unknown token', 'A'.repeat(43), 400, 'keep_link_invalid'],
  ])('refuses %s and changes nothing', async (_name, token, status, code) => {
    await expect(keepSubscription(deps(), token)).rejects.toMatchObject({ status, code });
  });

  it('has expired once the period is over', async () => {
    await subscribed('txn_1');
    await declareCancellation(deps(), declaration());
    const token = await keepToken();
    clock = new Date('2027-11-26T10:00:00.000Z');
    const refusal = await keepSubscription(deps(), token).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 410, code: 'keep_link_expired' });
  });
});
