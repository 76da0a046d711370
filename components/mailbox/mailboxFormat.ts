import type { MailKind, MailStatus } from '@/lib/mail/mailKinds';

export const MAILBOX_PATH = '/mailbox';

/** A mail's page in the mailbox. */
export const mailPath = (id: string) => `${MAILBOX_PATH}/${encodeURIComponent(id)}`;

/** The list, of one address's mail when given. */
export const listPath = (to: string | null) => (to ? `${MAILBOX_PATH}?to=${encodeURIComponent(to)}` : MAILBOX_PATH);

export const KIND_LABELS: Record<MailKind, string> = {
  'sign-in': 'Sign-in link',
  'purchase-acknowledgment': 'Purchase acknowledgment',
  cancellation: 'Cancellation confirmation',
  'cancel-request': 'Cancelled on the cancel page',
  resumed: 'Subscription resumed',
  'address-changed': 'Address changed',
  'card-changed': 'Card changed',
  'renewal-receipt': 'Renewal receipt',
  'renewal-failed': 'Renewal payment failed',
  'renewal-ended': 'Ended unpaid',
  'renewal-notice': 'Renewal notice',
  'card-needed': 'Card needed to renew',
  'operator-sign-in': 'Back-office sign-in',
  refund: 'Refund',
  'duplicate-purchase': 'Bought twice: undo link',
  'withdrawal-acknowledgment': 'Withdrawal: confirm or object',
  withdrawal: 'Withdrawal confirmation',
  'ended-by-care': 'Ended by customer care',
};

export const STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Given up',
};

/** "2026-11-21 12:00:01 UTC": the same on the server and in the browser, whatever their time zones. */
export function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
