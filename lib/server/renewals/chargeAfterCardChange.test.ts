import { describe, expect, it } from 'vitest';
import { db, later, now, sandbox, setClock, setUpSandboxCheckout } from '@/tests/fixtures/sandboxCheckout';
import { buyVogueDigital, renewalDeps, saveSandboxCard } from '@/tests/fixtures/sandboxSubscription';
import type { PaymentGateway, RenewalChargeRequest } from '@/lib/server/payments/PaymentGateway';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { chargeAfterCardChange } from './chargeAfterCardChange';
import { runDueRenewals, runOneNow, type RenewalDeps } from './renewalEngine';
import { RenewalRepository } from './RenewalRepository';

/**
 * A card given while past due, when the renewal engine is busy with the subscription: a
 * try the provider left unanswered, another run holding it. The new card is a new request,
 * and the answer says what happened, or that the charge comes within minutes.
 */

setUpSandboxCheckout();

/** The engine, quiet: these tests make it log failures on purpose. */
const deps = (gateway: PaymentGateway = sandbox, extra: Partial<RenewalDeps> = {}) =>
  renewalDeps(gateway, { log: () => undefined, ...extra });

/** The sandbox behind `renew`, which sees each request first (and may hold or lose its answer). */
function wrapped(renew: (request: RenewalChargeRequest) => Promise<Awaited<ReturnType<NonNullable<PaymentGateway['renew']>>>>) {
  const gateway: PaymentGateway = {
    name: sandbox.name,
    inputKinds: sandbox.inputKinds,
    charge: (request) => sandbox.charge(request),
    retrieve: (id) => sandbox.retrieve(id),
    lookupAttempt: (attempt) => sandbox.lookupAttempt(attempt),
    renew,
  };
  return gateway;
}

/** Buys Vogue Digital (yearly) in test mode with a card whose renewals decline (4000 0000 0000 0341), and takes it past due. */
async function pastDue(): Promise<string> {
  const id = await buyVogueDigital('4000000000000341');
  setClock((await subscription(id)).currentPeriodEnd);
  expect(await runDueRenewals(deps())).toMatchObject([{ steps: ['notice (renewal)', 'failed (generic_decline)'] }]);
  return id;
}

const subscription = async (id: string) => (await new SubscriptionRepository(db, now).findById(id))!;

/** The buyer saves a card whose renewals pay (4242), as SubscriptionService records it. */
async function newCard(id: string) {
  const instrument = await saveSandboxCard(id, '4242424242424242');
  const payment = { method: 'card' as const, brand: 'visa', last4: '4242' };
  const written = await new SubscriptionRepository(db, now).setCard(
    await subscription(id),
    { gateway: 'sandbox', instrument, payment },
    now(),
  );
  expect(written.kind === 'applied').toBe(true);
  return subscription(id);
}

/** Resolves once `check` holds, looking every few milliseconds. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await check()).toBe(true);
}

describe('the renewal key', () => {
  it('is a new request for a new card after a try the provider left unanswered', async () => {
    const id = await pastDue();
    // The next try reaches the sandbox, which declines the old card, but its answer is lost.
    const sent: RenewalChargeRequest[] = [];
    const lost = wrapped(async (request) => {
      sent.push(request);
      await sandbox.renew(request);
      throw new Error('socket hang up');
    });
    setClock((await subscription(id)).dunning.retryAt!);
    expect(await runDueRenewals(deps(lost))).toMatchObject([{ steps: ['left: sandbox did not answer'] }]);
    // The same card, 5 minutes later: the same key, so the provider answers its first charge.
    later(5 * 60_000);
    expect(await runDueRenewals(deps(lost))).toMatchObject([{ steps: ['left: sandbox did not answer'] }]);
    expect(sent.map((request) => request.idempotencyKey)).toEqual([sent[0]!.idempotencyKey, sent[0]!.idempotencyKey]);

    // The buyer gives another card meanwhile: it is charged under a key of its own, and pays.
    const charged: RenewalChargeRequest[] = [];
    const answering = wrapped(async (request) => (charged.push(request), sandbox.renew(request)));
    const answer = await chargeAfterCardChange(deps(answering), await newCard(id));
    expect(charged).toHaveLength(1);
    expect(charged[0]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
    expect(answer).toMatchObject({ renewalPending: false, subscription: { status: 'active', dunning: { tries: 0 } } });
    const intent = await db
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('idempotency_key', '=', charged[0]!.idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ status: 'succeeded', card_last4: '4242' });
  });
});

describe('a try left unanswered that took the payment after all', () => {
  it('is recorded when the card changes before the next try, and the new card is not charged too', async () => {
    const id = await pastDue();
    // The old card pays this time (the bank let it through), but the answer is lost.
    await db.updateTable('sandbox_payment_intents').set({ renewal_outcome: 'approve' }).execute();
    const lost = wrapped(async (request) => {
      await sandbox.renew(request);
      throw new Error('socket hang up');
    });
    setClock((await subscription(id)).dunning.retryAt!);
    expect(await runDueRenewals(deps(lost))).toMatchObject([{ steps: ['left: sandbox did not answer'] }]);

    const charged: RenewalChargeRequest[] = [];
    const answering = wrapped(async (request) => (charged.push(request), sandbox.renew(request)));
    const answer = await chargeAfterCardChange(deps(answering), await newCard(id));
    expect(charged).toEqual([]);
    expect(answer).toMatchObject({ renewalPending: false, subscription: { status: 'active' } });
    const paid = await db.selectFrom('transactions').selectAll().where('renewal_of', '=', id).executeTakeFirstOrThrow();
    const intents = await db.selectFrom('sandbox_payment_intents').selectAll().where('idempotency_key', 'like', 'renewal:%').execute();
    expect(intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(1);
    expect(paid).toMatchObject({ status: 'succeeded', gateway_payment_id: intents.find((i) => i.status === 'succeeded')!.id });
  });
});

describe('a card changed while another run holds the subscription', () => {
  it('waits briefly for the run to let it go, then charges the new card', async () => {
    const id = await pastDue();
    const card = await newCard(id);
    // Another run holds it, and lets it go (with its next action as it saw it) while the change waits.
    const lease = new Date(now().getTime() + 60_000);
    expect(await new RenewalRepository(db).claimOne(id, now(), lease)).not.toBeNull();
    const waited: number[] = [];
    const sleep = async (ms: number) => {
      waited.push(ms);
      if (waited.length === 2) await new RenewalRepository(db).release(id, card.dunning.retryAt, lease, now());
    };
    const answer = await chargeAfterCardChange(deps(), card, { waits: [10, 20, 40, 80], sleep });
    expect(waited).toEqual([10, 20]);
    expect(answer).toMatchObject({ renewalPending: false, subscription: { status: 'active', dunning: { tries: 0 } } });
  });

  it('answers the charge pending when the run keeps it, and the next pass charges the new card within minutes', async () => {
    const id = await pastDue();
    const lease = new Date(now().getTime() + 5 * 60_000);
    // A run that died holding it: its lease runs out in 5 minutes.
    expect(await new RenewalRepository(db).claimOne(id, now(), lease)).not.toBeNull();
    const answer = await chargeAfterCardChange(deps(), await newCard(id), { waits: [10, 20], sleep: async () => undefined });
    expect(answer).toMatchObject({ renewalPending: true, subscription: { status: 'past_due', dunning: { tries: 1 } } });
    // Due at once: the next pass after the lease takes it.
    expect(Date.parse(answer.subscription.nextActionAt!)).toBeLessThanOrEqual(now().getTime());
    expect(await runDueRenewals(deps())).toEqual([]);
    setClock(lease.getTime() + 1);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['renewed (recovered)'] }]);
  });

  it('has the holding run try the new card at once when the old one it was charging is declined', async () => {
    const id = await pastDue();
    setClock((await subscription(id)).dunning.retryAt!);
    // The scheduled pass is charging the old card: its bank takes its time.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const charged: RenewalChargeRequest[] = [];
    const slow = wrapped(async (request) => (charged.push(request), await gate, sandbox.renew(request)));
    const pass = runDueRenewals(deps(slow));
    await until(() => charged.length === 1);

    const answer = await chargeAfterCardChange(deps(slow), await newCard(id), { waits: [10, 20], sleep: async () => undefined });
    expect(answer).toMatchObject({ renewalPending: true, subscription: { status: 'past_due' } });
    open();
    // The old card is declined (its second try), and the same run charges the new one at once.
    expect(await pass).toEqual([{ subscriptionId: id, steps: ['failed (generic_decline)', 'renewed (recovered)'] }]);
    expect(charged).toHaveLength(2);
    expect(charged[0]!.instrument).not.toEqual(charged[1]!.instrument);
    expect(charged[1]!.instrument).toEqual((await subscription(id)).instrument);
    expect(await subscription(id)).toMatchObject({ status: 'active', dunning: { tries: 0, pastDueSince: null } });
  });
});

describe('how a run stopped', () => {
  it('is told apart from its log lines: left when the provider did not answer, done once it did', async () => {
    const id = await pastDue();
    setClock((await subscription(id)).dunning.retryAt!);
    const lost = wrapped(async () => {
      throw new Error('socket hang up');
    });
    expect(await runOneNow(deps(lost), id)).toEqual({
      outcome: { subscriptionId: id, steps: ['left: sandbox did not answer'] },
      stopped: { kind: 'left', label: 'left: sandbox did not answer', retryInMs: 5 * 60_000 },
    });
    later(5 * 60_000);
    expect(await runOneNow(deps(), id)).toEqual({
      outcome: { subscriptionId: id, steps: ['failed (generic_decline)'] },
      stopped: { kind: 'done' },
    });
  });

  it('answers a card change pending when the provider does not answer the new card, and tries again 5 minutes later', async () => {
    const id = await pastDue();
    const lost = wrapped(async () => {
      throw new Error('socket hang up');
    });
    const answer = await chargeAfterCardChange(deps(lost), await newCard(id), { waits: [], sleep: async () => undefined });
    expect(answer).toMatchObject({ renewalPending: true, subscription: { status: 'past_due', dunning: { tries: 1 } } });
    expect(Date.parse(answer.subscription.nextActionAt!)).toBe(now().getTime() + 5 * 60_000);
  });
});
