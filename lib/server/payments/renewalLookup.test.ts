import { describe, expect, it } from 'vitest';
import { RENEWED_BY_US } from '@/lib/payments/renewalDeclaration';
import type { GatewayName, PaymentGateway } from './PaymentGateway';
import { instrumentFromPayment, renewalOfGateway, renewalOfMethod, renewedByProvider, renewsByItself, savedCardOf } from './renewalLookup';

const gateway = (name: string, pausable: boolean): PaymentGateway => ({
  name: name as GatewayName,
  inputKinds: [],
  charge: async () => ({ status: 'failed', paymentId: null, code: 'processing_error' }),
  retrieve: async (paymentId) => ({ status: 'succeeded', paymentId }),
  lookupAttempt: async () => ({ kind: 'nothing' }),
  ...(pausable ? { pauseRenewals: async () => undefined, resumeRenewals: async () => undefined } : {}),
});

describe('the providers’ renewal declarations, looked up', () => {
  it.each([
    ['paypal', 'provider'],
    ['sandbox-paypal', 'provider'],
    ['amazon-pay', 'us'],
    ['sandbox-amazon-pay', 'us'],
    ['stripe', 'us'],
    ['sandbox', 'us'],
    ['a gateway nobody declares', 'us'],
  ])('%s: renewals scheduled by %s', (name, scheduledBy) => {
    expect(renewalOfGateway(name).scheduledBy).toBe(scheduledBy);
    expect(renewedByProvider(name)).toBe(scheduledBy === 'provider');
  });

  it('retries a hard decline only where the subscriber fixes it at the provider (Amazon Pay’s wallet_declined)', () => {
    expect(renewalOfMethod('amazon-pay').retriesHardDecline('wallet_declined')).toBe(true);
    expect(renewalOfMethod('amazon-pay').retriesHardDecline('expired_card')).toBe(false);
    expect(renewalOfMethod('card').retriesHardDecline('wallet_declined')).toBe(false);
    expect(renewalOfMethod('paypal').retriesHardDecline('wallet_declined')).toBe(false);
  });

  it('sends a wallet’s subscriber to the wallet, in the subscription’s mode, and a card’s to our card page', () => {
    const paypal = renewalOfMethod('paypal').paymentChange;
    const amazon = renewalOfMethod('amazon-pay').paymentChange;
    expect(paypal.where === 'provider' && [paypal.url(true), paypal.url(false)]).toEqual([
      'https://www.paypal.com/myaccount/autopay/',
      'https://www.sandbox.paypal.com/myaccount/autopay/',
    ]);
    expect(amazon.where === 'provider' && amazon.url(false)).toBe('https://pay.amazon.com/');
    expect(renewalOfMethod('card')).toEqual(RENEWED_BY_US);
    expect(renewalOfMethod('a method nobody declares')).toBe(RENEWED_BY_US);
    expect(renewalOfMethod('paypal').pastDue).toMatchObject({ ourDates: false, label: 'failures.wallet.paypal.label' });
    expect(renewalOfMethod('amazon-pay').pastDue).toMatchObject({ ourDates: true, next: null });
  });

  it.each<[string, unknown]>([
    ['sandbox', { kind: 'sandbox-card', paymentIntentId: 'p_1' }],
    ['sandbox-paypal', { kind: 'sandbox-wallet', wallet: 'paypal', paymentId: 'p_1' }],
    ['sandbox-amazon-pay', { kind: 'sandbox-wallet', wallet: 'amazon-pay', paymentId: 'p_1' }],
    ['paypal', { kind: 'paypal', subscriptionId: 'p_1' }],
    ['stripe', null],
    ['amazon-pay', null],
    ['a gateway nobody declares', null],
  ])('builds what renews a %s payment from it: %o', (name, instrument) => {
    expect(instrumentFromPayment(name as GatewayName, 'p_1')).toEqual(instrument);
  });

  it('finds the saved card a held renewal is confirmed with: Stripe’s, none elsewhere', () => {
    expect(savedCardOf({ kind: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_1' })).toBe('pm_1');
    expect(savedCardOf({ kind: 'sandbox-card', paymentIntentId: 'p_1' })).toBeNull();
    expect(savedCardOf(null)).toBeNull();
  });

  it('stops and starts only a gateway whose provider renews by itself and which can', () => {
    expect(renewsByItself(gateway('sandbox-paypal', true))).toBe(true);
    expect(renewsByItself(gateway('paypal', false))).toBe(false);
    // The sandbox wallet answers pauses for Amazon Pay too, as nothing: Amazon Pay's renewals are ours.
    expect(renewsByItself(gateway('sandbox-amazon-pay', true))).toBe(false);
    expect(renewsByItself(undefined)).toBe(false);
  });
});
