import { endReasonWords, type CareEventView, type CareTransactionView } from '@/lib/operators/careViews';
import { formatMoney } from '@/lib/pricing/money';
import type { AuditRecord } from '@/lib/server/operators/auditLog';
import type { Refund } from '@/lib/server/refunds/Refund';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';

export interface CareHistory {
  subscription: Subscription;
  transactions: readonly CareTransactionView[];
  refunds: readonly Refund[];
  notices: readonly { kind: string; sent_at: string }[];
  declarations: readonly { declared_at: string; reason: string | null }[];
  audit: readonly AuditRecord[];
}

const CHANNELS: Record<string, string> = {
  account: 'in the account',
  'cancel-page': 'on the public cancel page',
  care: 'by customer care',
};

/**
 * A customer's history as one chronological list, from what is recorded anyway: the
 * subscription's own dates, each payment and refund, renewal notices, declarations on the
 * public cancel page and operators' entries in the audit log. Nothing is kept twice for it.
 */
export function careEvents(history: CareHistory): CareEventView[] {
  const { subscription: s } = history;
  const events: CareEventView[] = [{ at: s.createdAt, kind: 'subscription', text: `Subscribed to ${s.offerName} (${s.brandSlug}).` }];
  for (const t of history.transactions) {
    const what = t.kind === 'renewal' ? 'Renewal payment' : 'Purchase payment';
    const amount = formatMoney(t.total, t.currencyCode);
    const outcome = t.status === 'succeeded' ? `paid${t.invoiceNumber ? `, invoice ${t.invoiceNumber}` : ''}` : t.status;
    const failure = t.failureCode ? ` (${t.failureCode})` : '';
    events.push({ at: t.createdAt, kind: 'payment', text: `${what} of ${amount} through ${t.gateway}: ${outcome}${failure}.` });
  }
  for (const r of history.refunds) {
    const amount = formatMoney(r.amount, r.currencyCode);
    events.push({ at: r.createdAt, kind: 'refund', text: `Refund of ${amount} asked by ${r.requestedBy}: ${r.reason}` });
    if (r.settledAt && r.status === 'succeeded') {
      events.push({ at: r.settledAt, kind: 'refund', text: `Refund of ${amount} made, credit note ${r.creditNoteNumber ?? '—'}.` });
    } else if (r.settledAt && r.status === 'failed') {
      events.push({ at: r.settledAt, kind: 'refund', text: `Refund of ${amount} refused by the provider: ${r.failure?.message ?? ''}` });
    }
  }
  for (const n of history.notices) events.push({ at: n.sent_at, kind: 'notice', text: `Notice sent: ${n.kind}.` });
  for (const d of history.declarations) {
    events.push({
      at: d.declared_at,
      kind: 'cancel-page',
      text: `Cancellation declared on the public cancel page${d.reason ? `: ${d.reason}` : '.'}`,
    });
  }
  // Ended at once (endNow) marks it cancelled too, at the same instant and with no channel: its end says it.
  const endedAtOnce = s.endedAt !== null && s.cancelRequestedAt === s.endedAt && s.cancelChannel === null;
  if (s.cancelRequestedAt && !endedAtOnce) {
    const channel = s.cancelChannel ? ` ${CHANNELS[s.cancelChannel] ?? s.cancelChannel}` : '';
    events.push({
      at: s.cancelRequestedAt,
      kind: 'subscription',
      text: `Cancelled at the end of the period${channel}${s.cancelReason ? `: ${s.cancelReason}` : '.'}`,
    });
  }
  if (s.endedAt) {
    events.push({
      at: s.endedAt,
      kind: 'subscription',
      text: `Ended${s.endReason ? `: ${endReasonWords(s.endReason)}` : ''}.`,
    });
  }
  for (const a of history.audit) events.push({ at: a.at, kind: 'operator', text: `${a.actor}: ${a.action} on ${a.target ?? '—'}.` });
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
