import { describe, expect, it } from 'vitest';
import { deferred } from '@/lib/payments/deferred';
import type { PaymentState } from '@/lib/payments/paymentMachine';
import { WALLET_CANCELLED, WALLET_FAILED, WalletApproval } from './walletApproval';

const approvalAction = { type: 'paypal_approval', flow: 'subscription', subscriptionId: 'I-BW452GLLEP1G' } as const;

describe('WalletApproval', () => {
  it("hands the submit's subscription id to the buttons, then answers the approval to the sequence", async () => {
    const run = deferred<PaymentState>();
    const approval = new WalletApproval(run.promise);
    const waiting = approval.handleAction(approvalAction);
    await expect(approval.paymentId()).resolves.toBe('I-BW452GLLEP1G');
    approval.approved();
    await expect(waiting).resolves.toEqual({});
    run.resolve({ status: 'succeeded', successPath: '/vogue/demo-single/success' });
  });

  it("an order's id, and a cancelled popup: the sequence is told why, in words", async () => {
    const approval = new WalletApproval(deferred<PaymentState>().promise);
    const waiting = approval.handleAction({ type: 'paypal_approval', flow: 'order', orderId: '5O190127TN364715T' });
    await expect(approval.paymentId()).resolves.toBe('5O190127TN364715T');
    approval.cancelled();
    await expect(waiting).resolves.toEqual({ error: WALLET_CANCELLED });
  });

  it('a sequence that ends before its submit answered (refused, declined) closes the popup', async () => {
    const run = deferred<PaymentState>();
    const approval = new WalletApproval(run.promise);
    run.resolve({ status: 'failed', message: 'Please agree to the automatic renewal terms to continue.', attemptKept: false });
    await expect(approval.paymentId()).rejects.toThrow('The payment did not start.');
  });

  it("a wallet error fails both sides; an action that is not PayPal's is refused", async () => {
    const approval = new WalletApproval(deferred<PaymentState>().promise);
    approval.failed();
    await expect(approval.paymentId()).rejects.toThrow(WALLET_FAILED);
    const other = new WalletApproval(deferred<PaymentState>().promise);
    await expect(other.handleAction({ type: 'redirect', url: '/sandbox/wallet/x' })).resolves.toEqual({ error: WALLET_FAILED });
  });
});
