import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { recordingStatements } from '@/tests/fixtures/recordingStatements';
import { testDb } from '@/tests/fixtures/testDb';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import type { PaymentGateway, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { SandboxWalletGateway } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { securityAlert } from '@/lib/server/security/securityAlert';
import { applyCancelDeclarations } from './cancelDeclarationsPass';
import { mailNotices } from './mailNotices';
import {
  CANCELS_OVERALL_ALERT,
  CANCELS_PER_NETWORK_ALERT,
  declareCancellation,
  keepSubscription,
  keptSubscription,
  type Declaration,
} from './publicCancellation';
import { SubscriptionRepository } from './SubscriptionRepository';
import { SubscriptionService } from './SubscriptionService';

vi.mock('@/lib/server/security/securityAlert', () => ({ securityAlert: vi.fn() }));

let db: Kysely<Database>;
let clock: Date;
let wallet: SandboxWalletGateway;
/** Every call made to the PayPal stand-in, in order. */
let providerCalls: string[];
const now = () => clock;

beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-11-26T10:00:00.000Z');
  wallet = new SandboxWalletGateway('paypal', db, async () => undefined, now);
  providerCalls = [];
  vi.mocked(securityAlert).mockClear();
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

/** The sandbox PayPal, recording each pause and resume it is asked for. */
const recordingPayPal = (): PaymentGateway => ({
  ...wallet,
  name: 'sandbox-paypal',
  inputKinds: ['paypal'],
  charge: wallet.charge.bind(wallet),
  retrieve: wallet.retrieve.bind(wallet),
  lookupAttempt: wallet.lookupAttempt.bind(wallet),
  pauseRenewals: async (instrument, livemode) => {
    providerCalls.push('pause');
    await wallet.pauseRenewals(instrument);
    void livemode;
  },
  resumeRenewals: async (instrument, livemode) => {
    providerCalls.push('resume');
    await wallet.resumeRenewals(instrument);
    void livemode;
  },
});

const service = () => new SubscriptionService(db, [recordingPayPal()], mailNotices('https://shop.example.com', BRANDS), now);
const deps = () => ({ db, now, service: service() });
/** The background pass, as the server runs it after each declaration and every interval. */
const applyPending = () => applyCancelDeclarations({ db, now, log: () => undefined, serviceFor: async () => service() });
const declaration = (overrides: Partial<Declaration> = {}): Declaration => ({
  email: 'Ada@Example.com',
  brandSlug: 'vogue',
  livemode: true,
  reason: 'Moving abroad',
  client: { address: '203.0.113.7', userAgent: 'UA' },
  network: '203.0.113.0/24',
  origin: null,
  ...overrides,
});

async function subscribed(id: string, overrides: object = {}, instrument?: RenewalInstrument): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  await transactions.create(newTransactionFixture({ id, gateway: 'sandbox', livemode: true, ...overrides }));
  await transactions.markSucceeded(id, `pi_${id}`, instrument);
  return (await transactions.findById(id))!.subscriptionId!;
}

/** A subscription of `email` paid with (sandbox) PayPal, which renews it by itself. */
async function paidByPayPal(email: string): Promise<string> {
  const charged = await wallet.charge(chargeRequestFixture({ idempotencyKey: `k-${email}`, payment: { kind: 'paypal' } }));
  await wallet.answer(charged.paymentId!, 'approve');
  return subscribed(
    `txn_paypal_${email.split('@')[0]}`,
    {
      gateway: 'sandbox-paypal',
      customer: { email, firstName: 'Pat', lastName: 'R', country: 'DE' },
      order: { ...newTransactionFixture({ id: 'x' }).order, payment: { method: 'paypal' } },
    },
    { kind: 'sandbox-wallet', wallet: 'paypal', paymentId: charged.paymentId! },
  );
}

const mails = () => db.selectFrom('outbox').select(['to_email', 'kind', 'link', 'body_text']).orderBy('created_at').execute();
const keepToken = async () => new URL((await mails()).find((mail) => mail.kind === 'cancel-request')!.link!).searchParams.get('token')!;

describe('a cancellation declared on the public cancel page', () => {
  it('is only recorded by the request; the background pass cancels, e-mails a way to keep it, and tells PayPal', async () => {
    const id = await paidByPayPal('ada@example.com');
    expect(await declareCancellation(deps(), declaration())).toEqual({ receivedAt: clock.toISOString() });
    const records = new SubscriptionRepository(db, now);
    // Answered: nothing cancelled yet, no e-mail, PayPal not asked.
    expect(await records.findById(id)).toMatchObject({ cancelAtPeriodEnd: false, providerPaused: false });
    expect(await mails()).toEqual([]);
    expect(providerCalls).toEqual([]);

    const declaredAt = clock.toISOString();
    clock = new Date(clock.getTime() + 2_000);
    expect(await applyPending()).toEqual([{ kind: 'applied', declarationId: expect.stringMatching(/^cxl_/), cancelled: 1 }]);
    expect(providerCalls).toEqual(['pause']);
    expect(await records.findById(id)).toMatchObject({
      cancelAtPeriodEnd: true,
      providerPaused: true,
      cancelChannel: 'cancel-page',
      cancelReason: 'Moving abroad',
      // It counts from its receipt, not from when the pass came by.
      cancelRequestedAt: declaredAt,
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

  it('does the same database work, and asks no provider, for a PayPal subscriber, a card subscriber and an unknown address', async () => {
    await paidByPayPal('pat@example.com');
    await subscribed('txn_card', { customer: { email: 'cara@example.com', firstName: 'Cara', lastName: 'R', country: 'DE' } });
    const work: Record<string, string[]> = {};
    const answers: Record<string, object> = {};
    for (const email of ['pat@example.com', 'cara@example.com', 'nobody@example.com']) {
      const { db: recorded, statements } = recordingStatements(db);
      answers[email] = await declareCancellation({ db: recorded, now }, declaration({ email }));
      work[email] = statements;
    }
    expect(work['pat@example.com']).toEqual(work['nobody@example.com']);
    expect(work['cara@example.com']).toEqual(work['nobody@example.com']);
    // Two counters and the declaration: no statement reads the subscriptions.
    expect(work['nobody@example.com']).toHaveLength(3);
    expect(work['nobody@example.com']!.join('\n')).not.toMatch(/"subscriptions"/);
    expect(Object.keys(answers['pat@example.com']!)).toEqual(Object.keys(answers['nobody@example.com']!));
    expect(providerCalls).toEqual([]);
    await applyPending();
    expect(providerCalls).toEqual(['pause']);
  });

  it('records every declaration as declared, whether or not the address subscribes, and how many it cancelled once applied', async () => {
    await subscribed('txn_1', { customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'R', country: 'DE' } });
    await declareCancellation(deps(), declaration({ email: 'ada@example.com', origin: 'http://localhost:3000' }));
    await declareCancellation(deps(), declaration({ email: 'nobody@example.com' }));
    const declared = () =>
      db
        .selectFrom('cancel_declarations')
        .select(['email', 'subscriptions_cancelled', 'reason', 'applied_at', 'origin'])
        .orderBy('email')
        .execute();
    expect((await declared()).map((row) => row.applied_at)).toEqual([null, null]);
    await applyPending();
    expect(await declared()).toEqual([
      {
        email: 'ada@example.com',
        subscriptions_cancelled: 1,
        reason: 'Moving abroad',
        applied_at: clock.toISOString(),
        origin: 'http://localhost:3000',
      },
      { email: 'nobody@example.com', subscriptions_cancelled: 0, reason: 'Moving abroad', applied_at: clock.toISOString(), origin: null },
    ]);
    // Applied once: a second pass (another instance's) finds nothing pending.
    expect(await applyPending()).toEqual([]);
  });

  it('leaves other brands, the other mode, and one already cancelled alone (no second e-mail)', async () => {
    await subscribed('txn_test', { livemode: false });
    await subscribed('txn_wired', { brandSlug: 'wired' });
    await declareCancellation(deps(), declaration());
    await applyPending();
    expect(await db.selectFrom('subscriptions').select('cancel_at_period_end').execute()).toEqual([
      { cancel_at_period_end: 0 },
      { cancel_at_period_end: 0 },
    ]);
    await subscribed('txn_live');
    await declareCancellation(deps(), declaration());
    await declareCancellation(deps(), declaration());
    await applyPending();
    expect((await mails()).filter((mail) => mail.kind === 'cancel-request')).toHaveLength(1);
  });

  it(`never refuses: past ${CANCELS_PER_NETWORK_ALERT} an hour from one network and ${CANCELS_OVERALL_ALERT} from everyone it alerts the operators once each`, async () => {
    await subscribed('txn_1');
    const flood = '2001:db8:a::/48';
    for (let i = 0; i <= CANCELS_PER_NETWORK_ALERT + 5; i += 1) {
      await declareCancellation(deps(), declaration({ email: `list${i}@example.com`, network: flood }));
    }
    expect(vi.mocked(securityAlert).mock.calls).toEqual([['cancel-page-network', flood, expect.stringContaining(flood)]]);
    for (let i = 0; i < CANCELS_OVERALL_ALERT; i += 1) {
      await declareCancellation(deps(), declaration({ email: `spread${i}@example.com`, network: `198.51.${i % 250}.0/24` }));
    }
    expect(vi.mocked(securityAlert).mock.calls.map(([kind]) => kind)).toEqual(['cancel-page-network', 'cancel-page-overall']);
    // The subscriber's own declaration, after all that, goes through.
    await declareCancellation(deps(), declaration({ network: flood }));
    // A flood is worked off over a few passes, the oldest first.
    while ((await applyPending()).length > 0);
    expect((await new SubscriptionRepository(db, now).renewingForAddress('ada@example.com', 'vogue', true)).length).toBe(0);
    const count = await db
      .selectFrom('cancel_declarations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(CANCELS_PER_NETWORK_ALERT + 6 + CANCELS_OVERALL_ALERT + 1);
    // 327 declarations and the passes over them: some 2 s on an idle PostgreSQL, more than
    // the default 5 s beside a build on a shared 2-core machine.
  }, 30_000);
});

describe('the "Keep my subscription" link', () => {
  it('shows what it keeps without using it, keeps it once, and says so when used again', async () => {
    const id = await subscribed('txn_1');
    await declareCancellation(deps(), declaration());
    await applyPending();
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
    await applyPending();
    const token = await keepToken();
    clock = new Date('2027-11-26T10:00:00.000Z');
    const refusal = await keepSubscription(deps(), token).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 410, code: 'keep_link_expired' });
  });
});
