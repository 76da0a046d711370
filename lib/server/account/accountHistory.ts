import type { AccountHistoryEvent, AccountHistoryLine } from '@/lib/account/accountView';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { HistoryEntry } from '@/lib/server/subscriptions/subscriptionHistory';
import { vatReviewInHistory } from '@/lib/server/subscriptions/vatReviewInHistory';

/** How many of its latest events the account lists: a short reminder, not a statement. */
export const ACCOUNT_HISTORY_LINES = 10;

const DAY_MS = 86_400_000;

/**
 * A subscription's History as its subscriber reads it in the account: its kept history as
 * the events a buyer is told of (the page words them), dated on the subscription's own clock, the latest ACCOUNT_HISTORY_LINES
 * oldest first. Left out is what only we or customer care need (care's own notes, a refund
 * asked or refused, our provider's bookkeeping, a retry we scheduled) and, outside test
 * mode, the test clock. No operator or provider id is ever named.
 */
export function accountHistory(history: readonly HistoryEntry[], testMode: boolean): AccountHistoryLine[] {
  let currency: CurrencyCode | null = null;
  const lines: AccountHistoryLine[] = [];
  for (const entry of history) {
    currency = (typeof entry.after.currency_code === 'string' ? (entry.after.currency_code as CurrencyCode) : null) ?? currency;
    const event = eventOf(entry, currency, testMode);
    if (event) lines.push({ at: entry.clockAt, event });
  }
  return lines.slice(-ACCOUNT_HISTORY_LINES);
}

function eventOf({ event, before, after }: HistoryEntry, currency: CurrencyCode | null, testMode: boolean): AccountHistoryEvent | null {
  const money = (amount: unknown) => {
    const currencyCode = typeof after.currency_code === 'string' ? (after.currency_code as CurrencyCode) : currency;
    return currencyCode ? { amount: Number(amount), currencyCode } : null;
  };
  const until = typeof after.current_period_end === 'string' ? after.current_period_end : null;
  switch (event) {
    case 'purchased':
      return { kind: 'purchased' };
    case 'claimed':
      return { kind: 'claimed' };
    case 'renewal_paid':
      if (!until) return null;
      return { kind: before.status === 'past_due' ? 'recovered' : 'renewed', until };
    case 'renewal_failed':
      return { kind: 'renewalFailed' };
    case 'held_refused':
      return { kind: 'bankRefused' };
    case 'price_pending': {
      const price = money(after.pending_renewal_amount);
      const from = typeof after.pending_price_from === 'string' ? after.pending_price_from : null;
      return price && from ? { kind: 'newPrice', ...price, from } : null;
    }
    case 'cancel_requested':
      return { kind: 'cancelled' };
    case 'resumed':
      return { kind: 'resumed' };
    case 'ended':
      return { kind: 'ended' };
    case 'address_changed':
      return { kind: 'addressChanged' };
    case 'business_changed': {
      // Finance's check of the VAT number is told as such, not as a change the subscriber made.
      const review = vatReviewInHistory(before, after);
      return { kind: review === 'verified' ? 'vatVerified' : review === 'rejected' ? 'vatRejected' : 'businessChanged' };
    }
    case 'card_changed':
      return { kind: 'paymentMethodChanged' };
    case 'clock_moved': {
      if (!testMode) return null;
      const days = Math.round((Number(after.clock_offset_ms ?? 0) - Number(before.clock_offset_ms ?? 0)) / DAY_MS);
      return { kind: 'clockMoved', days };
    }
    case 'refunded': {
      // One rebuilt from an older refund says its status; only a refund made is news to the subscriber.
      if (after.refund_status !== undefined && after.refund_status !== 'succeeded') return null;
      const refund = money(after.amount ?? after.refund);
      return refund ? { kind: 'refunded', ...refund } : null;
    }
    case 'notice_sent':
      return { kind: 'reminded' };
    case 'withdrawal_declared':
      return { kind: 'withdrawalDeclared' };
    case 'withdrawal_objected':
      return { kind: 'withdrawalObjected' };
    case 'cancel_declared':
      return { kind: 'cancelDeclared' };
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
