import { describe, expect, it } from 'vitest';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import type { ChargeResult, GatewayName, PaymentGateway, RenewalChargeRequest } from '@/lib/server/payments/PaymentGateway';
import { withSandboxFault } from './sandboxFaults';

function gateway(name: GatewayName, result: ChargeResult): PaymentGateway {
  return {
    name,
    inputKinds: ['sandbox-card'],
    charge: async () => result,
    retrieve: async () => result,
    lookupAttempt: async () => ({ kind: 'charged', result }),
  };
}
const charge = chargeRequestFixture({
  idempotencyKey: 'attempt-1',
  payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
});
const paid: ChargeResult = { status: 'succeeded', paymentId: 'pi_1' };

describe('withSandboxFault', () => {
  it.each<[string, GatewayName, ChargeResult, number]>([
    ['kills the server once a sandbox charge succeeded', 'sandbox', paid, 1],
    ['kills it for a sandbox wallet too', 'sandbox-paypal', paid, 1],
    ['lets a decline through (nothing to lose)', 'sandbox', { status: 'failed', paymentId: 'pi_2', code: 'generic_decline' }, 0],
    ['never touches a real gateway', 'stripe', paid, 0],
  ])('%s', async (_name, name, result, kills) => {
    let killed = 0;
    const faulty = withSandboxFault(gateway(name, result), { fault: 'kill-after-charge' }, () => void (killed += 1), 0);
    expect(await faulty.charge(charge)).toEqual(result);
    expect(killed).toBe(kills);
    expect(await faulty.retrieve('pi_1', false)).toEqual(result);
    expect(killed).toBe(kills);
  });

  it('holds every charge asked for once a charge succeeded: none reaches the gateway before the kill', async () => {
    let killed = 0;
    const reached: string[] = [];
    const sandbox: PaymentGateway = {
      ...gateway('sandbox', paid),
      charge: async (request) => (reached.push(request.idempotencyKey), paid),
    };
    const faulty = withSandboxFault(sandbox, { fault: 'kill-after-charge' }, () => void (killed += 1), 20);
    const first = faulty.charge(charge);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = faulty.charge({ ...charge, idempotencyKey: 'attempt-2' });
    const held = await Promise.race([later.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('held'), 100))]);
    expect(await first).toEqual(paid);
    expect(held).toBe('held');
    expect(reached).toEqual(['attempt-1']);
    expect(killed).toBe(1);
  });

  it('holds a charge asked for while the first is still at the gateway, so that one is always left uncharged', async () => {
    let killed = 0;
    const reached: string[] = [];
    let answer: (result: ChargeResult) => void = () => undefined;
    const sandbox: PaymentGateway = {
      ...gateway('sandbox', paid),
      charge: (request) => (reached.push(request.idempotencyKey), new Promise<ChargeResult>((resolve) => (answer = resolve))),
    };
    const faulty = withSandboxFault(sandbox, { fault: 'kill-after-charge' }, () => void (killed += 1), 0);
    const first = faulty.charge(charge);
    const later = faulty.charge({ ...charge, idempotencyKey: 'attempt-2' });
    answer(paid);
    expect(await first).toEqual(paid);
    const held = await Promise.race([later.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('held'), 50))]);
    expect(held).toBe('held');
    expect(reached).toEqual(['attempt-1']);
    expect(killed).toBe(1);
  });

  it('lets the next charge through after a decline, which sets nothing off', async () => {
    const declined: ChargeResult = { status: 'failed', paymentId: 'pi_2', code: 'generic_decline' };
    let killed = 0;
    const faulty = withSandboxFault(gateway('sandbox', declined), { fault: 'kill-after-charge' }, () => void (killed += 1), 0);
    expect(await faulty.charge(charge)).toEqual(declined);
    expect(await faulty.charge({ ...charge, idempotencyKey: 'attempt-2' })).toEqual(declined);
    expect(killed).toBe(0);
  });

  it('keeps the card saving of the gateway, and the form of its setup ids (which gateway a confirmation is for)', async () => {
    const saved = { result: { status: 'failed' as const, code: 'processing_error' as const }, subscriptionId: null };
    const sandbox: PaymentGateway = { ...gateway('sandbox', paid), savedCard: async () => saved, setupIds: /^pi_sandbox_/ };
    const faulty = withSandboxFault(sandbox, { fault: 'kill-after-charge' }, () => undefined);
    expect(faulty.setupIds).toBe(sandbox.setupIds);
    expect(await faulty.savedCard!('pi_sandbox_x', false)).toBe(saved);
  });

  it('gives the gateway back as it is without a fault', () => {
    const sandbox = gateway('sandbox', paid);
    expect(withSandboxFault(sandbox, {})).toBe(sandbox);
  });
});

const renewal = (key: string): RenewalChargeRequest => ({
  instrument: { kind: 'sandbox-card', paymentIntentId: 'pi_saved' },
  amount: 2500,
  currencyCode: 'USD',
  idempotencyKey: key,
  livemode: false,
  description: 'Vogue: Vogue Digital',
  customer: { email: 'ada@example.com' },
  metadata: { subscriptionId: 'sub_1', transactionId: 'txn_r_1', periodStart: '2026-01-01T00:00:00.000Z' },
});

describe('withSandboxFault during renewals', () => {
  it('kills the server once the Nth renewal charge was made, before that charge or any charge still waiting is answered', async () => {
    let killed = 0;
    const reached: string[] = [];
    const sandbox: PaymentGateway = { ...gateway('sandbox', paid), renew: async (request) => (reached.push(request.idempotencyKey), paid) };
    const faulty = withSandboxFault(
      sandbox,
      { fault: 'kill-during-renewals', faultAfter: 3, renewLatencyMs: 20 },
      () => void (killed += 1),
    );
    const answered: string[] = [];
    void ['r1', 'r2', 'r3'].map((key) => faulty.renew!(renewal(key)).then(() => answered.push(key)));
    await new Promise((resolve) => setTimeout(resolve, 60));
    void faulty.renew!(renewal('r4')).then(() => answered.push('r4'));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(reached).toEqual(['r1', 'r2', 'r3']);
    expect(killed).toBe(1);
    expect(answered).toEqual([]);
  });

  it('answers a renewal after the latency, and leaves checkouts and real gateways alone', async () => {
    const sandbox: PaymentGateway = { ...gateway('sandbox', paid), renew: async () => paid };
    const slow = withSandboxFault(sandbox, { renewLatencyMs: 50 });
    const started = Date.now();
    expect(await slow.renew!(renewal('r1'))).toEqual(paid);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const chargeStarted = Date.now();
    expect(await slow.charge(charge)).toEqual(paid);
    expect(Date.now() - chargeStarted).toBeLessThan(45);
    const stripe = { ...gateway('stripe', paid), renew: async () => paid };
    expect(withSandboxFault(stripe, { fault: 'kill-during-renewals', renewLatencyMs: 50 })).toBe(stripe);
  });
});
