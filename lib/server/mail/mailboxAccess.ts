import type { OperatorRole } from '@/lib/operators/roles';
import type { MailKind } from '@/lib/mail/mailKinds';
import type { AppEnv } from '@/lib/config/publicEnv';
import type { ServerEnv } from '@/lib/server/config/serverEnv';

/**
 * Whether this server keeps its mail for reading (the development mailbox): only where mail
 * stays in the outbox (no SMTP_URL), the payments sandbox is on and it is not production.
 */
export function mailboxAvailable(config: Pick<ServerEnv, 'PAYMENTS_SANDBOX' | 'SMTP_URL' | 'APP_ENV'>): boolean {
  return config.PAYMENTS_SANDBOX && !config.SMTP_URL && config.APP_ENV !== 'production';
}

/** Who asks to read kept mail: whether the client's resolved address is loopback, and the back-office role signed in, if any. */
export interface MailReader {
  loopback: boolean;
  role: OperatorRole | null;
}

export type MailboxAccess = { kind: 'open' } | { kind: 'absent' } | { kind: 'sign-in' } | { kind: 'forbidden' };

/**
 * Who reads the mailbox (/mailbox): on a developer's server (APP_ENV development) only the
 * developer's own machine, a loopback client; on any other non-production server (staging,
 * preview, test), where several people share it, only a signed-in admin operator; never in
 * production. A stranger is answered as for any unknown page, so that it says nothing.
 */
export function mailboxAccess(config: Pick<ServerEnv, 'PAYMENTS_SANDBOX' | 'SMTP_URL' | 'APP_ENV'>, reader: MailReader): MailboxAccess {
  if (!mailboxAvailable(config)) return { kind: 'absent' };
  if (config.APP_ENV === 'development') return reader.loopback ? { kind: 'open' } : { kind: 'absent' };
  if (reader.role === null) return { kind: 'sign-in' };
  return reader.role === 'admin' ? { kind: 'open' } : { kind: 'forbidden' };
}

/** How the outbox API (/api/admin/outbox) is read in an environment, besides needing an admin. */
export interface OutboxReadRule {
  /** Only a loopback client (a developer's own machine); anyone else is answered 404. */
  loopbackOnly: boolean;
  /** Only a signed-in back-office session: a bearer token, which scripts hold and may leak, is refused. */
  sessionOnly: boolean;
  /** The mails whose links sign in or act without signing in are listed without their link and bodies. */
  withholdSecretLinks: boolean;
}

/** The mailbox's rule, for the API: loopback on a developer's server, a signed-in admin on a shared one, no sign-in link in production. */
export function outboxReadRule(appEnv: AppEnv): OutboxReadRule {
  if (appEnv === 'development') return { loopbackOnly: true, sessionOnly: false, withholdSecretLinks: false };
  if (appEnv === 'production') return { loopbackOnly: false, sessionOnly: false, withholdSecretLinks: true };
  return { loopbackOnly: false, sessionOnly: true, withholdSecretLinks: false };
}

/**
 * Mails whose links are credentials: they sign in, or act without a sign-in (keep a
 * cancelled subscription, undo a purchase, confirm or object to a withdrawal). Once such a mail has really left (SMTP), its
 * link and bodies are cleared from the outbox; production's outbox API never shows them.
 */
export const SECRET_LINK_KINDS: readonly MailKind[] = [
  'sign-in',
  'operator-sign-in',
  'cancel-request',
  'duplicate-purchase',
  'withdrawal-acknowledgment',
];

/**
 * Kinds nobody reads in the mailbox or the outbox API: an operator's sign-in link would open
 * the back office (or, before enrolment, its second factor). Operators get theirs by real
 * mail, or on a server without mail from the shell (`npm run operator -- link`).
 */
export const UNLISTED_KINDS: readonly MailKind[] = ['operator-sign-in'];

/** What the outbox keeps of a sent or withheld mail's bodies in place of a secret link. */
export const WITHHELD_BODY = 'This mail held a link that signs in or acts without signing in: it is not kept once sent.';

/** A mail as production's outbox API lists it: one whose links are credentials, without its link and bodies. */
export function withSecretLinksWithheld<Mail extends { kind: MailKind; link: string | null; text: string; html: string | null }>(
  mail: Mail,
): Mail {
  return SECRET_LINK_KINDS.includes(mail.kind) ? { ...mail, link: null, text: WITHHELD_BODY, html: null } : mail;
}
