import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './paymentMethodName';

describe('paymentMethodName', () => {
  it.each([
    [{ method: 'card', brand: 'visa', last4: '4242' }, 'Visa ending in 4242'],
    [{ method: 'card', brand: 'card', last4: '' }, 'Card'],
    [{ method: 'paypal' }, 'PayPal'],
    [{ method: 'amazon-pay' }, 'Amazon Pay'],
  ] as const)('%j reads %s', (payment, name) => {
    expect(paymentMethodName(payment)).toBe(name);
  });
});
