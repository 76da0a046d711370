import type { MailKind } from '@/lib/mail/mailKinds';

export type { MailKind };

/** A mail to send: both parts, what kind it is, and its main link (the one QA follows), if any. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  link: string | null;
  /**
   * How far the test clock of the subscription it is about runs ahead of real time (0 or
   * absent: not moved). Such a mail is queued at the real time, due at once, and keeps
   * the clock's date beside it for the mailbox.
   */
  clockOffsetMs?: number;
  /** A document attached as a PDF (the receipt's invoice, the refund's credit note), rendered when the mail is sent. */
  attachment?: MailAttachment;
}

/** Which issued document a mail carries, by its number. */
export interface MailAttachment {
  kind: 'invoice' | 'credit-note';
  number: string;
}

/** What a template makes; the caller adds the recipient and the kind. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  link: string | null;
}
