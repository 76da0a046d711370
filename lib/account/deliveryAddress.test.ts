import { describe, expect, it } from 'vitest';
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
      line1: 'payment.error.line1.missing',
      city: 'payment.error.city.tooLong',
      postalCode: 'payment.error.postalCode.invalid',
    });
  });
});
