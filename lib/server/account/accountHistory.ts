import type { AccountHistoryLine } from '@/lib/account/accountView';
import { dateText, HISTORY_TEXT } from '@/lib/account/accountWords';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { formatMoney } from '@/lib/pricing/money';
import type { HistoryEntry } from '@/lib/server/subscriptions/subscriptionHistory';

/** How many of its latest events the account lists: a short reminder, not a statement. */
export const ACCOUNT_HISTORY_LINES = 10;

const DAY_MS = 86_400_000;

/**
 * A subscription's History as its subscriber reads it in the account: its kept history in
 * buyer's words, dated on the subscription's own clock, the latest ACCOUNT_HISTORY_LINES
 * oldest first. Left out is what only we or customer care need (care's own notes, a refund
 * asked or refused, our provider's bookkeeping, a retry we scheduled) and, outside test
 * mode, the test clock. No operator or provider id is ever named.
 */
export function accountHistory(history: readonly HistoryEntry[], testMode: boolean): AccountHistoryLine[] {
  let currency: CurrencyCode | null = null;
  const lines: AccountHistoryLine[] = [];
  for (const entry of history) {
    currency = (typeof entry.after.currency_code === 'string' ? (entry.after.currency_code as CurrencyCode) : null) ?? currency;
    const text = textOf(entry, currency, testMode);
    if (text) lines.push({ date: dateText(entry.clockAt), text });
  }
  return lines.slice(-ACCOUNT_HISTORY_LINES);
}

function textOf({ event, before, after }: HistoryEntry, currency: CurrencyCode | null, testMode: boolean): string | null {
  const money = (amount: unknown) => {
    const code = typeof after.currency_code === 'string' ? (after.currency_code as CurrencyCode) : currency;
    return code ? formatMoney(Number(amount), code) : null;
  };
  const until = typeof after.current_period_end === 'string' ? dateText(after.current_period_end) : null;
  switch (event) {
    case 'purchased':
      return HISTORY_TEXT.purchased;
    case 'claimed':
      return HISTORY_TEXT.claimed;
    case 'renewal_paid':
      if (!until) return null;
      return before.status === 'past_due' ? HISTORY_TEXT.recovered(until) : HISTORY_TEXT.renewed(until);
    case 'renewal_failed':
      return HISTORY_TEXT.renewalFailed;
    case 'held_refused':
      return HISTORY_TEXT.bankRefused;
    case 'price_pending': {
      const price = money(after.pending_renewal_amount);
      const from = typeof after.pending_price_from === 'string' ? dateText(after.pending_price_from) : null;
      return price && from ? HISTORY_TEXT.newPrice(price, from) : null;
    }
    case 'cancel_requested':
      return HISTORY_TEXT.cancelled;
    case 'resumed':
      return HISTORY_TEXT.resumed;
    case 'ended':
      return HISTORY_TEXT.ended;
    case 'address_changed':
      return HISTORY_TEXT.addressChanged;
    case 'card_changed':
      return HISTORY_TEXT.paymentMethodChanged;
    case 'clock_moved': {
      if (!testMode) return null;
      const days = Math.round((Number(after.clock_offset_ms ?? 0) - Number(before.clock_offset_ms ?? 0)) / DAY_MS);
      return HISTORY_TEXT.clockMoved(days);
    }
    case 'refunded': {
      // One rebuilt from an older refund says its status; only a refund made is news to the subscriber.
      if (after.refund_status !== undefined && after.refund_status !== 'succeeded') return null;
      const amount = money(after.amount ?? after.refund);
      return amount ? HISTORY_TEXT.refunded(amount) : null;
    }
    case 'notice_sent':
      return HISTORY_TEXT.reminded;
    case 'withdrawal_declared':
      return HISTORY_TEXT.withdrawalDeclared;
    case 'withdrawal_objected':
      return HISTORY_TEXT.withdrawalObjected;
    case 'cancel_declared':
      return HISTORY_TEXT.cancelDeclared;
    case 'retry_now':
    case 'provider_paused':
    case 'provider_resumed':
    case 'provider_unsettled':
    case 'refund_requested':
    case 'refund_refused':
    case 'care_action':
      return null;
  }
}
