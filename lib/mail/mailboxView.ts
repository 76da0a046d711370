import type { MailKind, MailStatus } from './mailKinds';

// What the development mailbox (/mailbox, /mailbox/[id]) is given: loaded on the server
// (lib/server/ssr/mailbox*.ts), rendered by components/mailbox.

/** A mail as the mailbox lists it. */
export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  kind: MailKind;
  status: MailStatus;
  /** ISO 8601: when it was queued. */
  createdAt: string;
  /** ISO 8601: when it was sent; null while it is not. */
  sentAt: string | null;
  /** ISO 8601: the date on a moved test clock that the mail speaks of; null for every other mail. */
  clockAt: string | null;
}

/** One mail, whole. */
export interface MailboxMail extends MailboxEntry {
  text: string;
  /** The HTML part; null for mails queued before there was one. */
  html: string | null;
  /** The mail's main link (the one to follow); null when it has none. */
  link: string | null;
  /** Every http(s) link the mail holds, the main one first, each once. */
  links: string[];
  attempts: number;
  lastError: string | null;
  /** The document it carries, rendered as it is sent: its file's name and where the mailbox downloads it; null for none. */
  attachment: { fileName: string; href: string } | null;
}

/** A request the mailbox refuses with a page saying why (a 404 is Next's own page instead). */
export interface MailboxRefusal {
  kind: 'refused';
  status: 400 | 403 | 405;
  message: string;
}

export type MailboxListProps =
  | {
      kind: 'list';
      /** The address the list is filtered on, as asked (null: every address). */
      to: string | null;
      mails: MailboxEntry[];
      /** The most the list shows; when it holds this many, older mails are left out. */
      limit: number;
    }
  | MailboxRefusal;

export type MailboxMailProps = { kind: 'mail'; mail: MailboxMail } | MailboxRefusal;
