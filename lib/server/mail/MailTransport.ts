import type { MailAttachment } from './MailMessage';

/** A file sent with a mail. */
export interface MailFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A queued mail as a transport hands it on. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** Null only for mails queued before there was an HTML part. */
  html: string | null;
  link: string | null;
  /** The document it carries, as queued; `files` holds it rendered. */
  attachment?: MailAttachment | null;
  /** The attachment rendered for this try (MailWorker); absent when the mail carries none. */
  files?: readonly MailFile[];
}

/** Renders a mail's attachment when it is sent; throws when it cannot (the try fails and is retried). */
export type AttachmentRenderer = (attachment: MailAttachment) => Promise<MailFile>;

/**
 * How the worker delivers a mail: an SMTP server, or the development sink. `send` resolves
 * once the mail is accepted and throws when it is not (the worker then tries again later).
 */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** True when the mail leaves this server (SMTP; a sink leaves it out): the outbox then forgets its links once it is sent. */
  readonly delivers?: boolean;
}
