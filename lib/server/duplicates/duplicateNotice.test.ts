import { describe, expect, it } from 'vitest';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { db, later, now, sandbox, setClock, setUpSandboxCheckout, snapshot } from '@/tests/fixtures/sandboxCheckout';
import { submitRequestSchema, type SubmitRequestInput } from '@/lib/checkout/submitContract';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { sha256 } from '@/lib/server/ids';

const ORIGIN = 'https://shop.example.com';

setUpSandboxCheckout();

/** A real gateway as far as the checkout can tell (Stripe's name), so that live purchases go through. */
const liveGateway = (): PaymentGateway => ({
  name: 'stripe',
  inputKinds: ['sandbox-card'],
  charge: (charge) => sandbox.charge(charge),
  retrieve: (id) => sandbox.retrieve(id),
  lookupAttempt: (attempt) => sandbox.lookupAttempt(attempt),
});

async function buy(overrides: Partial<SubmitRequestInput> = {}, buyerIdentity: string | null = null) {
  const input = submitRequestFixture(overrides);
  const gateways = input.livemode ? [liveGateway()] : [sandbox];
  const { response } = await submitCheckout(
    { db, gateways, now, origin: ORIGIN, buyerIdentity },
    snapshot,
    submitRequestSchema.parse(input),
  );
  expect(response.status).toBe('succeeded');
  later(60_000);
  return response.transactionId!;
}

const duplicateMails = () => db.selectFrom('outbox').selectAll().where('kind', '=', 'duplicate-purchase').orderBy('created_at').execute();
const undos = () => db.selectFrom('duplicate_purchase_undos').selectAll().execute();
const ada = (email: string) => ({ billing: { email, firstName: 'Ada', lastName: 'Reader', country: 'GB' } });

describe('the duplicate purchase notice, written with the paid purchase', () => {
  it('is queued only for a second live subscription of the same brand and mode, to the billing address', async () => {
    const first = await buy();
    expect(await duplicateMails()).toEqual([]);
    const second = await buy(ada(' ADA@example.com '));
    const [mail, ...more] = await duplicateMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to_email: 'ada@example.com', subject: '[Test] You now have two Vogue subscriptions' });
    expect(mail!.link).toMatch(/^https:\/\/shop\.example\.com\/undo-purchase\?token=[A-Za-z0-9_-]{43}&livemode=false$/);
    expect(mail!.body_text).toContain('undo it with a full refund of $25.00');
    const token = new URL(mail!.link!).searchParams.get('token')!;
    const [undo] = await undos();
    const paid = await db.selectFrom('transactions').selectAll().where('id', 'in', [first, second]).orderBy('created_at').execute();
    expect(undo).toMatchObject({
      transaction_id: second,
      subscription_id: paid[1]!.subscription_id,
      earlier_subscription_id: paid[0]!.subscription_id,
      token_hash: sha256(token),
      used_at: null,
    });
    // Stored as a hash only, valid for 14 days from the payment.
    expect(JSON.stringify(undo)).not.toContain(token);
    expect(Date.parse(undo!.expires_at) - Date.parse(undo!.created_at)).toBe(14 * 86_400_000);
    // Written in the paid write: the same instant as the purchase acknowledgment.
    const acknowledgment = await db
      .selectFrom('outbox')
      .select('created_at')
      .where('kind', '=', 'purchase-acknowledgment')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail!.created_at).toBe(acknowledgment.created_at);
  });

  it('is not queued for another brand, another mode, another address, or after the earlier one ended', async () => {
    await buy();
    await buy({ brand: 'newyorker', urlSlug: 'demo-dual', offerId: '2001', returnPath: '/newyorker/demo-dual/credit-card' });
    await buy({ livemode: true, returnPath: '/vogue/demo-single/credit-card' });
    await buy(ada('bob@example.com'));
    expect(await duplicateMails()).toEqual([]);
    await db.updateTable('subscriptions').set({ status: 'ended' }).where('billing_email', '=', 'ada@example.com').execute();
    await buy();
    expect(await duplicateMails()).toEqual([]);
  });

  it('counts a cancelled subscription until its period is over, as live as its access', async () => {
    await buy();
    await db.updateTable('subscriptions').set({ cancel_at_period_end: 1 }).execute();
    await buy();
    expect(await duplicateMails()).toHaveLength(1);
    await db.updateTable('subscriptions').set({ cancel_at_period_end: 1 }).execute();
    setClock('2027-12-01T12:00:00Z');
    await buy();
    expect(await duplicateMails()).toHaveLength(1);
  });

  it('matches the owner too: an address that bought signed in as another identity', async () => {
    await buy(ada('work@example.com'), 'ada@example.com');
    await buy(ada('ada@example.com'));
    expect((await duplicateMails()).map((mail) => mail.to_email)).toEqual(['ada@example.com']);
  });

  it('is queued in live mode too, with a live link', async () => {
    await buy({ livemode: true, returnPath: '/vogue/demo-single/credit-card' });
    await buy({ livemode: true, returnPath: '/vogue/demo-single/credit-card' });
    const [mail] = await duplicateMails();
    expect(mail!.subject).toBe('You now have two Vogue subscriptions');
    expect(mail!.link).toMatch(/^https:\/\/shop\.example\.com\/undo-purchase\?token=[A-Za-z0-9_-]{43}$/);
  });
});
