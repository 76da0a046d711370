import { describe, expect, it } from 'vitest';
import { FAILURES_AT_CHECKOUT, STEP_NAMESPACES } from '@/lib/i18n/namespaces';
import { failureAtCheckout } from '@/lib/payments/failureWording';
import { PAYMENT_FAILURE_CODES } from '@/lib/payments/paymentErrors';
import { compiledMessages } from './compiledMessages';

describe('compiledMessages', () => {
  it('gives the payment step the checkout’s wording of every failure, and none of the other contexts', () => {
    const keys = Object.keys(compiledMessages('de', STEP_NAMESPACES['credit-card']));
    for (const code of PAYMENT_FAILURE_CODES) expect(keys).toContain(failureAtCheckout(code));
    expect(keys.filter((key) => key.startsWith('failures.') && !key.endsWith('.checkout'))).toEqual([]);
    expect(keys).toContain('payment.error.unreachable');
  });

  it('keeps a slice apart from its whole namespace', () => {
    const whole = Object.keys(compiledMessages('fr', ['failures']));
    const slice = Object.keys(compiledMessages('fr', [FAILURES_AT_CHECKOUT]));
    expect(whole).toContain('failures.expired_card.mail');
    expect(slice).not.toContain('failures.expired_card.mail');
    expect(slice).toContain('failures.expired_card.checkout');
  });
});
