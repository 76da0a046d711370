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
}

/** What a template makes; the caller adds the recipient and the kind. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  link: string | null;
}
