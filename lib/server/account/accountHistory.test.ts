import { describe, expect, it } from 'vitest';
import type { HistoryEntry, SubscriptionEvent } from '@/lib/server/subscriptions/subscriptionHistory';
import type { AccountHistoryLine } from '@/lib/account/accountView';
import { historyText } from '@/lib/account/accountWords';
import { fallbackWords } from '@/lib/i18n/words';
import { ACCOUNT_HISTORY_LINES, accountHistory } from './accountHistory';

/** The lines as an English page words them. */
const english = fallbackWords();
const texts = (lines: readonly AccountHistoryLine[]) => lines.map((line) => historyText(english, line.event));
const worded = (lines: readonly AccountHistoryLine[]) =>
  lines.map((line) => ({ date: english.date(line.at), text: historyText(english, line.event) }));

let n = 0;
const entry = (event: SubscriptionEvent, after: Record<string, unknown> = {}, more: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: `shi_${(n += 1)}`,
  subscriptionId: 'sub_1',
  version: n,
  at: '2026-11-03T10:00:00.000Z',
  clockAt: '2026-11-03T10:00:00.000Z',
  event,
  actor: { kind: 'system', id: null },
  before: {},
  after,
  reconstructed: false,
  ...more,
});

const purchased = entry('purchased', { currency_code: 'USD', offer_name: 'Vogue Digital' }, { actor: { kind: 'buyer', id: null } });

describe('accountHistory', () => {
  it.each<[string, HistoryEntry, string | null]>([
    ['a purchase', purchased, 'Subscribed'],
    ['a renewal paid', entry('renewal_paid', { current_period_end: '2027-11-03T10:00:00.000Z' }), 'Renewed until November 3, 2027'],
    [
      'a renewal recovered',
      entry('renewal_paid', { status: 'active', current_period_end: '2027-11-03T10:00:00.000Z' }, { before: { status: 'past_due' } }),
      'Renewal paid after a failed payment, renewed until November 3, 2027',
    ],
    [
      'a renewal failed',
      entry('renewal_failed', { status: 'past_due', renewal_failure_code: 'generic_decline' }),
      'A renewal payment did not go through',
    ],
    ['a notice sent', entry('notice_sent', { notice: 'renewal' }), 'Reminder of the coming renewal e-mailed'],
    [
      'a new price',
      entry('price_pending', { pending_renewal_amount: 3000, pending_price_from: '2027-11-03T10:00:00.000Z' }),
      'New renewal price of $30.00 from November 3, 2027',
    ],
    [
      'a cancel',
      entry('cancel_requested', { cancel_at_period_end: 1 }),
      'Cancellation requested: it stops at the end of the period you paid for',
    ],
    ['a resume', entry('resumed', { cancel_at_period_end: 0 }), 'Cancellation taken back: it renews again'],
    ['an end', entry('ended', { status: 'ended', end_reason: 'ended_by_care' }), 'Subscription closed'],
    [
      'a refund made',
      entry('refunded', { refund_id: 're_1', amount: 1000, currency_code: 'USD', credit_note_number: 'CN-1' }),
      'Refund of $10.00 made',
    ],
    ['an older refund made', entry('refunded', { refund: 1000, refund_status: 'succeeded' }), 'Refund of $10.00 made'],
    ['an older refund refused', entry('refunded', { refund: 1000, refund_status: 'failed' }), null],
    ['a refund asked', entry('refund_requested', { amount: 1000, requested_by: 'operator:op_7', reason: 'goodwill' }), null],
    ['a refund refused', entry('refund_refused', { amount: 1000, failure: 'no' }), null],
    ["care's own note", entry('care_action', { action: 'subscription.cancelled', by: 'operator:care@example.com' }), null],
    ['a retry we scheduled', entry('retry_now', { retry_at: '2027-11-03T10:00:00.000Z' }), null],
    ["the provider's bookkeeping", entry('provider_unsettled', { provider_paused: 0 }, { actor: { kind: 'provider', id: 'WH-1' } }), null],
    ['a withdrawal', entry('withdrawal_declared', { withdrawal_id: 'wd_1', channel: 'account' }), 'Withdrawal from the contract declared'],
    [
      'a declaration on the cancel page',
      entry('cancel_declared', { declared_at: '2026-11-03T10:00:00.000Z' }),
      'Cancellation declared on the cancel page',
    ],
    ['a card change', entry('card_changed', { instrument_json: {} }), 'Payment method changed'],
  ])('words %s', (_, event, text) => {
    // After its purchase, which names its currency.
    const history = event === purchased ? [purchased] : [purchased, event];
    const lines = accountHistory(history, true).slice(history.length - 1);
    expect(texts(lines)).toEqual(text === null ? [] : [text]);
  });

  it('dates each line on the subscription’s own clock, and shows the test clock only in test mode', () => {
    const moved = entry(
      'clock_moved',
      { clock_offset_ms: 30 * 86_400_000 },
      { before: { clock_offset_ms: 0 }, actor: { kind: 'operator', id: 'op_1' } },
    );
    const renewed = entry(
      'renewal_paid',
      { current_period_end: '2028-12-03T10:00:00.000Z' },
      { at: '2026-11-03T10:05:00.000Z', clockAt: '2027-12-03T10:05:00.000Z' },
    );
    expect(worded(accountHistory([purchased, moved, renewed], true))).toEqual([
      { date: 'November 3, 2026', text: 'Subscribed' },
      { date: 'November 3, 2026', text: 'Test clock moved ahead by 30 days' },
      { date: 'December 3, 2027', text: 'Renewed until December 3, 2028' },
    ]);
    expect(texts(accountHistory([purchased, moved], false))).toEqual(['Subscribed']);
  });

  it(`keeps the latest ${ACCOUNT_HISTORY_LINES}, oldest first, and names no operator or provider id`, () => {
    const many = Array.from({ length: ACCOUNT_HISTORY_LINES + 3 }, (_, i) =>
      entry(i % 2 ? 'resumed' : 'cancel_requested', { cancel_reason: `reason ${i}` }, { actor: { kind: 'care', id: 'op_7' } }),
    );
    const lines = accountHistory([purchased, ...many], true);
    expect(lines).toHaveLength(ACCOUNT_HISTORY_LINES);
    expect(texts(lines).at(-1)).toBe('Cancellation requested: it stops at the end of the period you paid for');
    expect(JSON.stringify(lines)).not.toMatch(/op_7|reason/);
  });
});
