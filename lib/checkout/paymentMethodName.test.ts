import { describe, expect, it } from 'vitest';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { paymentMethodName } from './paymentMethodName';

const english = serverWords('en-US');

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
    expect(paymentMethodName(payment, english)).toBe(name);
  });

  it('says it in the reader’s language, brand and wallet names as they are', () => {
    const visa = { method: 'card', brand: 'visa', last4: '4242' } as const;
    expect(paymentMethodName(visa, serverWords('de-DE'))).toBe('Visa mit Endziffern 4242');
    expect(paymentMethodName(visa, serverWords('fr-FR'))).toBe('Visa se terminant par 4242');
    expect(paymentMethodName({ ...visa, wallet: 'apple-pay' }, serverWords('de-DE'))).toBe('Visa über Apple Pay');
    expect(paymentMethodName({ method: 'card', brand: 'card', last4: '' }, serverWords('fr-FR'))).toBe('Carte');
    expect(paymentMethodName({ method: 'paypal' }, serverWords('de-DE'))).toBe('PayPal');
  });
});
