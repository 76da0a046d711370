/**
 * The mails the product sends, and where each stands in the queue (lib/server/mail). Here,
 * outside lib/server, because the development mailbox page shows them too.
 */
export const MAIL_KINDS = [
  'sign-in',
  'purchase-acknowledgment',
  'cancellation',
  'cancel-request',
  'resumed',
  'address-changed',
  'card-changed',
  'renewal-receipt',
  'renewal-failed',
  'renewal-ended',
  'renewal-notice',
  'card-needed',
  'operator-sign-in',
  'refund',
  'duplicate-purchase',
  'withdrawal-acknowledgment',
  'withdrawal',
  'ended-by-care',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** pending: waiting for its (next) try; sent: handed to the mail server (or the development sink); failed: given up. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
