import { describe, expect, it } from 'vitest';
import { isPaymentPage } from './paymentPages';

describe('isPaymentPage', () => {
  it.each([
    ['/vogue/demo-single/credit-card', true],
    ['/vogue/demo-single/credit-card/', true],
    ['/vogue/demo-single/credit-card/amazon-pay', true],
    ['/sandbox/wallet/pay_123', true],
    ['/sandbox/authenticate/pay_123', true],
    ['/vogue/demo-single', false],
    ['/vogue/demo-single/cart', false],
    ['/vogue/demo-single/promo-code', false],
    ['/vogue/demo-single/success', false],
    ['/status', false],
    ['/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card', true],
    ['/account/subscriptions/sub_aaaaaaaaaaaaaaaa/address', false],
    ['/account', false],
  ])('%s → %s', (path, expected) => {
    expect(isPaymentPage(path)).toBe(expected);
  });
});
