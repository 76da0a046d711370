import { endReasonWords, type CareEventView } from '@/lib/operators/careViews';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { formatMoney } from '@/lib/pricing/money';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { historyOf, type HistoryEntry } from '@/lib/server/subscriptions/subscriptionHistory';
import { vatReviewInHistory } from '@/lib/server/subscriptions/vatReviewInHistory';
import { CARE_READ_ACTIONS } from './careReadActions';

const CHANNELS: Record<string, string> = {
  account: 'in the account',
  'cancel-page': 'on the public cancel page',
  care: 'by customer care',
};

type Line = Pick<CareEventView, 'kind' | 'text'>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const day = (value: unknown): string => text(value)?.slice(0, 10) ?? '—';
const DAY_MS = 86_400_000;

/** Customer care's time line of a subscription, read from its history (subscription_history) alone. */
export async function careTimeLine(db: Kysely<Database>, subscriptionId: string): Promise<CareEventView[]> {
  return careEvents(await historyOf(db, subscriptionId));
}

/**
 * Customer care's time line of a subscription: its kept history (subscription_history) and
 * nothing else, one entry per row in the history's order, each worded with what happened,
 * who did it and when (real time, and the test clock's where it differs). A purchase is told
 * as the subscription it started and the payment that bought it, as care's page always
 * showed it; care's reads of a customer (in histories rebuilt from the audit log) are no event.
 */
export function careEvents(history: readonly HistoryEntry[]): CareEventView[] {
  // Amounts in the history are minor units of the subscription's currency, which its purchase names.
  let currency: CurrencyCode | null = null;
  const events: CareEventView[] = [];
  for (const entry of history) {
    currency = (text(entry.after.currency_code) as CurrencyCode | null) ?? currency;
    if (entry.event === 'care_action' && (CARE_READ_ACTIONS as readonly string[]).includes(String(entry.after.action))) continue;
    const by = byWhom(entry);
    const clockAt = entry.clockAt.slice(0, 10) === entry.at.slice(0, 10) ? null : entry.clockAt;
    for (const line of linesOf(entry, currency)) {
      events.push({ at: entry.at, ...line, by, clockAt, reconstructed: entry.reconstructed });
    }
  }
  return events;
}

/** Who did it, in care's words: the operator's name when the history kept it. */
function byWhom({ actor, after }: HistoryEntry): string {
  switch (actor.kind) {
    case 'buyer':
      return 'the subscriber';
    case 'care':
      return text(after.by) ?? `customer care${actor.id ? ` (operator ${actor.id})` : ''}`;
    case 'operator':
      return `an operator${actor.id ? ` (${actor.id})` : ''}, with the test clock`;
    case 'provider':
      return `the payment provider${actor.id ? ` (event ${actor.id})` : ''}`;
    case 'system':
      return 'our renewal jobs';
  }
}

function linesOf(entry: HistoryEntry, currency: CurrencyCode | null): Line[] {
  const { after, before } = entry;
  const money = (amount: unknown) => {
    const minor = Number(amount);
    if (!Number.isFinite(minor)) return 'an amount';
    const code = (text(after.currency_code) as CurrencyCode | null) ?? currency;
    return code ? formatMoney(minor, code) : (minor / 100).toFixed(2);
  };
  const reason = (value: unknown) => (text(value) ? `: ${text(value)}` : '.');
  switch (entry.event) {
    case 'purchased':
      return [
        { kind: 'subscription', text: `Subscribed to ${text(after.offer_name) ?? 'its offer'} (${text(after.brand_slug) ?? '—'}).` },
        { kind: 'payment', text: `Purchase payment through ${text(after.gateway) ?? 'its provider'}: paid.` },
      ];
    case 'claimed':
      return [{ kind: 'subscription', text: `Claimed by ${text(after.owner_email) ?? 'its owner'} at sign-in.` }];
    case 'renewal_paid': {
      const recovered = before.status === 'past_due' ? ' after a failed try' : '';
      const period = after.current_period_end ? ` for ${day(after.current_period_start)} to ${day(after.current_period_end)}` : '';
      return [{ kind: 'payment', text: `Renewal paid${recovered}${period}.` }];
    }
    case 'renewal_failed':
      return [
        {
          kind: 'payment',
          text: `Renewal payment failed${text(after.renewal_failure_code) ? ` (${text(after.renewal_failure_code)})` : ''}.`,
        },
      ];
    case 'held_refused':
      return [
        {
          kind: 'payment',
          text: `The bank refused the renewal it held for the subscriber's check (${text(after.renewal_failure_code) ?? '—'}).`,
        },
      ];
    case 'retry_now':
      return [{ kind: 'payment', text: 'Renewal to be tried again at once, after a change of payment method.' }];
    case 'price_pending':
      return [
        {
          kind: 'subscription',
          text: `New renewal price of ${money(after.pending_renewal_amount)} noticed, from ${day(after.pending_price_from)}.`,
        },
      ];
    case 'cancel_requested': {
      const channel = text(after.cancel_channel);
      const where = channel ? ` ${CHANNELS[channel] ?? channel}` : '';
      return [{ kind: 'subscription', text: `Cancelled at the end of the period${where}${reason(after.cancel_reason)}` }];
    }
    case 'resumed':
      return [{ kind: 'subscription', text: 'Cancellation taken back: it renews again.' }];
    case 'ended':
      return [{ kind: 'subscription', text: `Ended${text(after.end_reason) ? `: ${endReasonWords(String(after.end_reason))}` : ''}.` }];
    case 'provider_paused':
      return [{ kind: 'subscription', text: 'The provider was told to stop renewing it.' }];
    case 'provider_resumed':
      return [{ kind: 'subscription', text: 'The provider renews it again.' }];
    case 'provider_unsettled':
      return [{ kind: 'subscription', text: 'The provider could not yet be told of a change: it is asked again.' }];
    case 'address_changed':
      return [{ kind: 'subscription', text: 'Delivery address changed.' }];
    case 'business_changed': {
      const review = vatReviewInHistory(before, after);
      if (review) return [{ kind: 'subscription', text: `VAT number ${review} by finance.` }];
      return [{ kind: 'subscription', text: 'Company details for invoices changed.' }];
    }
    case 'card_changed':
      return [{ kind: 'subscription', text: 'Payment method changed.' }];
    case 'clock_moved': {
      const days = Math.round((Number(after.clock_offset_ms ?? 0) - Number(before.clock_offset_ms ?? 0)) / DAY_MS);
      return [{ kind: 'subscription', text: `Test clock moved ahead by ${days} day${days === 1 ? '' : 's'}.` }];
    }
    case 'refund_requested':
      return [
        { kind: 'refund', text: `Refund of ${money(after.amount)} asked by ${text(after.requested_by) ?? '—'}${reason(after.reason)}` },
      ];
    case 'refunded': {
      // Rebuilt from an older refund: its amount and status only.
      const amount = money(after.amount ?? after.refund);
      if (after.refund_status === 'failed') return [{ kind: 'refund', text: `Refund of ${amount} refused by the provider.` }];
      if (after.refund_status === 'pending') return [{ kind: 'refund', text: `Refund of ${amount} asked, not yet settled.` }];
      return [{ kind: 'refund', text: `Refund of ${amount} made, credit note ${text(after.credit_note_number) ?? '—'}.` }];
    }
    case 'refund_refused':
      return [{ kind: 'refund', text: `Refund of ${money(after.amount)} refused by the provider: ${text(after.failure) ?? ''}` }];
    case 'notice_sent':
      return [{ kind: 'notice', text: `Notice sent: ${text(after.notice) ?? '—'}.` }];
    case 'withdrawal_declared':
      return [{ kind: 'subscription', text: `Withdrawal declared (${text(after.channel) ?? '—'}).` }];
    case 'withdrawal_objected':
      return [{ kind: 'subscription', text: 'The subscriber said a withdrawal declared in their name was not them: it was not applied.' }];
    case 'cancel_declared':
      return [{ kind: 'cancel-page', text: `Cancellation declared on the public cancel page${reason(after.cancel_reason)}` }];
    case 'care_action':
      return [
        {
          kind: 'operator',
          text: `${text(after.by) ?? `customer care (operator ${entry.actor.id ?? '—'})`}: ${text(after.action) ?? '—'} on ${text(after.target) ?? `subscription:${entry.subscriptionId}`}.`,
        },
      ];
  }
}
