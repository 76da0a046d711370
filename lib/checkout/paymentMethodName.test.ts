import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './paymentMethodName';

describe('paymentMethodName', () => {
  it.each([
    [{ method: 'card', brand: 'visa', last4: '4242' }, 'Visa ending in 4242'],
    [{ method: 'card', brand: 'card', last4: '' }, 'Card'],
    [{ method: 'paypal' }, 'PayPal'],
    [{ method: 'amazon-pay' }, 'Amazon Pay'],
    [{ method: 'card', brand: 'visa', last4: '4242', wallet: 'apple-pay' }, 'Visa via Apple Pay'],
    [{ method: 'card', brand: 'mastercard', last4: '4444', wallet: 'google-pay' }, 'Mastercard via Google Pay'],
    [{ method: 'card', brand: 'visa', last4: '4242', wallet: 'link' }, 'Visa via Link'],
    // Stripe tells the brand after the charge: until then the wallet alone names it.
    [{ method: 'card', brand: 'card', last4: '', wallet: 'apple-pay' }, 'Apple Pay'],
  ] as const)('%j reads %s', (payment, name) => {
    expect(paymentMethodName(payment)).toBe(name);
  });
});
