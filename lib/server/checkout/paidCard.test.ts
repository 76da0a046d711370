import { describe, expect, it } from 'vitest';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import { openedWith, withPaidCard } from './paidCard';

type Payment = OrderSnapshot['payment'];

/** A Stripe card as the submit names it: only the wallet the browser said, the card unknown until Stripe charges it. */
const submittedStripe = (wallet?: 'apple-pay' | 'google-pay' | 'link'): Payment => ({
  method: 'card',
  brand: 'card',
  last4: '',
  ...(wallet ? { wallet } : {}),
});
const sandboxVisa: Payment = { method: 'card', brand: 'visa', last4: '4242', wallet: 'apple-pay' };

describe('withPaidCard (the card the gateway charged, on the order)', () => {
  it.each<[string, Payment, Parameters<typeof withPaidCard>[1], Payment]>([
    [
      'names the card Stripe charged, with the wallet both agree on',
      submittedStripe('apple-pay'),
      { brand: 'visa', last4: '4242', wallet: 'apple-pay' },
      { method: 'card', brand: 'visa', last4: '4242', wallet: 'apple-pay' },
    ],
    [
      "takes Stripe's wallet where the browser said another",
      submittedStripe('apple-pay'),
      { brand: 'mastercard', last4: '4444', wallet: 'google-pay' },
      { method: 'card', brand: 'mastercard', last4: '4444', wallet: 'google-pay' },
    ],
    [
      'names no wallet where Stripe saw a plain card',
      submittedStripe('link'),
      { brand: 'visa', last4: '4242', wallet: null },
      { method: 'card', brand: 'visa', last4: '4242' },
    ],
    [
      'names the wallet Stripe saw where the browser said none (Link in the card field)',
      submittedStripe(),
      { brand: 'visa', last4: '4242', wallet: 'link' },
      { method: 'card', brand: 'visa', last4: '4242', wallet: 'link' },
    ],
    [
      "keeps Link's own payment method as Link",
      submittedStripe('link'),
      { brand: 'card', last4: '', wallet: 'link' },
      submittedStripe('link'),
    ],
    ['keeps the payment as submitted where the gateway said nothing', sandboxVisa, undefined, sandboxVisa],
    ['leaves a wallet payment alone', { method: 'paypal' }, { brand: 'visa', last4: '4242', wallet: null }, { method: 'paypal' }],
  ])('%s', (_name, payment, card, expected) => {
    expect(withPaidCard(payment, card)).toEqual(expected);
  });

  it('answers the same payment when nothing changes, so that nothing is written', () => {
    expect(withPaidCard(sandboxVisa, undefined)).toBe(sandboxVisa);
  });
});

describe('openedWith (a repeated submit of an attempt, against its kept transaction)', () => {
  const paidByStripe: Payment = { method: 'card', brand: 'mastercard', last4: '4444', wallet: 'google-pay' };
  it.each<[string, Parameters<typeof openedWith>[0], Payment, boolean]>([
    ['the same payment, still open', { status: 'processing', payment: submittedStripe('apple-pay') }, submittedStripe('apple-pay'), true],
    ['another wallet, still open', { status: 'processing', payment: submittedStripe('apple-pay') }, submittedStripe('link'), false],
    ['a Stripe card the gateway named once paid', { status: 'succeeded', payment: paidByStripe }, submittedStripe('apple-pay'), true],
    ['a Stripe card named, though not paid', { status: 'failed', payment: paidByStripe }, submittedStripe('apple-pay'), false],
    ['another sandbox card', { status: 'succeeded', payment: sandboxVisa }, { ...sandboxVisa, last4: '4444' }, false],
    ['a card where a wallet method was paid', { status: 'succeeded', payment: { method: 'paypal' } }, submittedStripe(), false],
  ])('%s', (_name, kept, submitted, same) => {
    expect(openedWith(kept, submitted)).toBe(same);
  });
});
