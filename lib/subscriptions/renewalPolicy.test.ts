import { describe, expect, it } from 'vitest';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { afterFailedTry, DEFAULT_RETRY_DAYS, dunningEndsAt, isHardDecline, type DunningPolicy } from './renewalPolicy';

const POLICY: DunningPolicy = { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 };
const FIRST = '2026-11-26T10:00:00.000Z';
const day = (days: number, from = FIRST) => new Date(Date.parse(from) + days * 24 * 3600_000).toISOString();

/** The tries of one soft-declined renewal, each failing at its retry time: what each leaves. */
function softDeclines(policy: DunningPolicy = POLICY) {
  const left = [];
  let before: { tries: number; pastDueSince: string | null } = { tries: 0, pastDueSince: null };
  let at = FIRST;
  for (;;) {
    const failed = afterFailedTry(policy, before, 'insufficient_funds', new Date(at));
    left.push(failed);
    if (!failed.retryAt) return left;
    before = failed;
    at = failed.retryAt;
  }
}

describe('isHardDecline', () => {
  it.each<PaymentFailureCode>(['expired_card', 'invalid_number', 'wallet_declined', 'payment_method_required'])(
    'gives up on %s: no retry can turn it',
    (code) => expect(isHardDecline(code)).toBe(true),
  );

  it.each<PaymentFailureCode>(['generic_decline', 'insufficient_funds', 'processing_error', 'authentication_failed', 'incorrect_cvc'])(
    'tries %s again: it may pass tomorrow',
    (code) => expect(isHardDecline(code)).toBe(false),
  );
});

describe('afterFailedTry', () => {
  it('retries a soft decline 1, 3, 7 and 14 days after the first failed try, counting the tries', () => {
    const tries = softDeclines();
    expect(tries.map((failed) => failed.tries)).toEqual([1, 2, 3, 4, 5]);
    expect(tries.map((failed) => failed.retryAt)).toEqual([day(1), day(3), day(7), day(14), null]);
    // Every try keeps the first one's date: grace and end do not move with the retries.
    for (const failed of tries) expect(failed).toMatchObject({ pastDueSince: FIRST, graceUntil: day(14), endsAt: day(14) });
  });

  it('starts the dunning at the first failed try', () => {
    expect(afterFailedTry(POLICY, { tries: 0, pastDueSince: null }, 'generic_decline', new Date(FIRST))).toEqual({
      tries: 1,
      pastDueSince: FIRST,
      retryAt: day(1),
      graceUntil: day(14),
      endsAt: day(14),
    });
  });

  it('counts a retry from the first failed try, not from the try that just failed', () => {
    const failed = afterFailedTry(POLICY, { tries: 1, pastDueSince: FIRST }, 'generic_decline', new Date(day(1, FIRST)));
    expect(failed).toMatchObject({ tries: 2, pastDueSince: FIRST, retryAt: day(3) });
  });

  it('does not retry a hard decline, but keeps access and the end date', () => {
    for (const before of [
      { tries: 0, pastDueSince: null },
      { tries: 2, pastDueSince: FIRST },
    ]) {
      const failed = afterFailedTry(POLICY, before, 'expired_card', new Date(before.pastDueSince ? day(3) : FIRST));
      expect(failed).toEqual({ tries: before.tries + 1, pastDueSince: FIRST, retryAt: null, graceUntil: day(14), endsAt: day(14) });
    }
  });

  it('keeps access for the grace days, which may be shorter than the dunning', () => {
    const failed = afterFailedTry({ ...POLICY, graceDays: 3 }, { tries: 0, pastDueSince: null }, 'generic_decline', new Date(FIRST));
    expect(failed).toMatchObject({ graceUntil: day(3), endsAt: day(14), retryAt: day(1) });
  });

  it('follows the policy it is given: its retries, its last day', () => {
    expect(softDeclines({ retryDays: [2, 5], graceDays: 5 }).map((failed) => [failed.retryAt, failed.endsAt])).toEqual([
      [day(2), day(5)],
      [day(5), day(5)],
      [null, day(5)],
    ]);
  });
});

describe('dunningEndsAt', () => {
  it('ends an unpaid period on the last retry day after its first failed try', () => {
    expect(dunningEndsAt(POLICY, FIRST)).toBe(day(14));
    expect(dunningEndsAt({ retryDays: [1, 2], graceDays: 0 }, FIRST)).toBe(day(2));
  });

  it('ends it at once when the policy retries nothing', () => {
    expect(dunningEndsAt({ retryDays: [], graceDays: 0 }, FIRST)).toBe(FIRST);
  });
});
