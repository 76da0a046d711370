import type { MailKind } from '@/lib/mail/mailKinds';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { NoticeKind } from '@/lib/subscriptions/renewalNotices';
import type { SubscriptionChanges } from './state';

type Mail<Kind extends MailKind, Details = unknown> = { kind: Kind } & Details;

/** A mail an event queues, by kind, with what decides its wording (the caller renders and queues it in the same transaction). */
export type LifecycleMail =
  | Mail<'purchase-acknowledgment'>
  /** Another live subscription of the brand for this address: told privately, with a one-click undo. */
  | Mail<'duplicate-purchase'>
  /** A cancellation in the account or by customer care: its confirmation. */
  | Mail<'cancellation'>
  /** A cancellation on the public cancel page: its confirmation, with a one-click way to keep it. */
  | Mail<'cancel-request'>
  | Mail<'resumed'>
  | Mail<'address-changed'>
  | Mail<'card-changed'>
  | Mail<'ended-by-care'>
  /** A withdrawal's confirmation (WithdrawalService queues it in the ending transaction). */
  | Mail<'withdrawal'>
  | Mail<'renewal-receipt', { recovered: boolean }>
  | Mail<'renewal-failed', { code: PaymentFailureCode; status: 'failed' | 'requires_action' }>
  | Mail<'renewal-notice', { notice: Exclude<NoticeKind, 'card-needed'>; about: string }>
  | Mail<'card-needed', { about: string }>
  | Mail<'renewal-ended'>;

/** Why an event changes nothing: the state the current guarded update would not move from. */
export type RefusalReason =
  /** A purchase applied to a subscription that exists already. */
  | 'exists'
  /** Any other event with no subscription to apply to. */
  | 'missing'
  | 'ended'
  | 'owned'
  | 'other-address'
  /** A paid renewal for a period that is not the next one any more (recorded already). */
  | 'period-moved'
  /** A provider's sale that is the purchase's own, or a period's recorded already. */
  | 'not-a-renewal'
  | 'counted-already'
  | 'not-held'
  | 'not-past-due'
  | 'sent-already'
  | 'cancelled-already'
  | 'not-cancelled'
  /** A provider's suspension of a subscription we paused ourselves. */
  | 'paused-by-us'
  /** A provider's cancellation of one cancelled here: it ends at its period end. */
  | 'ends-at-period-end'
  /** The subscriber cancelled or resumed while the provider was asked. */
  | 'changed-meanwhile'
  | 'marked-already'
  | 'given-up'
  | 'not-card'
  | 'same-card'
  | 'not-print'
  | 'not-movable'
  | 'nothing-scheduled';

export interface Applied<Gateway extends string = string, Instrument = unknown, Consent = unknown> {
  kind: 'applied';
  changes: SubscriptionChanges<Gateway, Instrument, Consent>;
  mails: readonly LifecycleMail[];
  /** When, in real time, the renewal engine next has something to do for it (`next_action_at`); null: nothing. */
  nextRunAt: string | null;
}

export interface Refused {
  kind: 'refused';
  reason: RefusalReason;
}

export type LifecycleOutcome<Gateway extends string = string, Instrument = unknown, Consent = unknown> =
  Applied<Gateway, Instrument, Consent> | Refused;

export const refused = (reason: RefusalReason): Refused => ({ kind: 'refused', reason });

export const applied = <Gateway extends string, Instrument, Consent>(
  changes: SubscriptionChanges<Gateway, Instrument, Consent>,
  mails: readonly LifecycleMail[],
  nextRunAt: string | null,
): Applied<Gateway, Instrument, Consent> => ({ kind: 'applied', changes, mails, nextRunAt });
