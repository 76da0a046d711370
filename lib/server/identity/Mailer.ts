import type { MailMessage } from '@/lib/server/mail/MailMessage';

/** How the identity sends its mail (lib/server/mail's QueueMailer: queued, then sent by the worker). */
export interface Mailer {
  send(mail: MailMessage): Promise<void>;
}

/** "a***@example.com": enough for an operator to recognise, not an address to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
