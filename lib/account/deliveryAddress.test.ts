import { describe, expect, it } from 'vitest';
import english from '@/messages/en/billing.json';
import payment from '@/messages/en/payment.json';
import { checkAddress } from './deliveryAddress';

describe('checkAddress', () => {
  it('gives a good address to send, trimmed', () => {
    expect(checkAddress({ line1: ' 1 Main St ', city: 'Springfield', postalCode: '12345' })).toEqual({
      ok: true,
      address: { line1: '1 Main St', city: 'Springfield', postalCode: '12345' },
    });
  });

  it('gives each field its first problem, in the account’s words the checkout says in English alike', () => {
    const checked = checkAddress({ line1: '', city: 'x'.repeat(81), postalCode: '#1' });
    const problems = checked.ok ? {} : checked.problems;
    expect(problems).toEqual({
      line1: 'billing.address.problem.line1.missing',
      city: 'billing.address.problem.city.tooLong',
      postalCode: 'billing.address.problem.postalCode.invalid',
    });
    expect(english[problems.line1 as keyof typeof english]).toBe(payment['payment.error.line1.missing']);
    expect(english['billing.address.problem.postalCode.invalid']).toBe(payment['payment.error.postalCode.invalid']);
  });
});
