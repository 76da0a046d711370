import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { z } from 'zod';
import type { MailboxListProps } from '@/lib/mail/mailboxView';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { serverContext } from '@/lib/server/context/serverContext';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from './pageMethods';

/** The most mails the list shows, newest first. */
export const MAILBOX_LIMIT = 100;

/**
 * Whether this server has the development mailbox: only where mail stays in the outbox
 * (no SMTP_URL), the payments sandbox is on and it is not production. Elsewhere /mailbox
 * does not exist: 404, like any unknown page, so that it says nothing of the server.
 */
export function mailboxAvailable(config: Pick<ServerEnv, 'PAYMENTS_SANDBOX' | 'SMTP_URL' | 'APP_ENV'>): boolean {
  return config.PAYMENTS_SANDBOX && !config.SMTP_URL && config.APP_ENV !== 'production';
}

/**
 * The checks every mailbox page makes, in this order: whether the mailbox exists (404
 * before anything else), the headers of a page that holds live sign-in links (no cache
 * keeps it, no search engine lists it, no referrer leaves it), then GET or HEAD only.
 */
export function mailboxRequest(
  server: Pick<ServerContext, 'config'>,
  context: Pick<GetServerSidePropsContext, 'req' | 'res'>,
): { notFound: true } | { props: { kind: 'refused'; status: 405; message: string } } | null {
  if (!mailboxAvailable(server.config)) return { notFound: true };
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  if (refuseUnlessPageMethod(context)) return { props: { kind: 'refused', status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } };
  return null;
}

const toSchema = z.union([z.literal('').transform(() => null), z.email().transform((email) => email.toLowerCase())]);

/** The mailbox's list (/mailbox), newest first, of one address's mail when `?to=` names one. */
export async function loadMailboxList(
  server: Pick<ServerContext, 'config' | 'mail'>,
  context: Pick<GetServerSidePropsContext, 'req' | 'res' | 'query'>,
): Promise<GetServerSidePropsResult<MailboxListProps>> {
  const refused = mailboxRequest(server, context);
  if (refused) return refused;
  const asked = context.query.to;
  if (Array.isArray(asked)) return badRequest(context, 'Give one address to filter on, not several.');
  const to = asked === undefined ? null : toSchema.safeParse(asked.trim());
  if (to && !to.success) return badRequest(context, `"${asked}" is not an e-mail address.`);
  const address = to?.data ?? null;
  const mails = await server.mail.outbox.list({ ...(address ? { email: address } : {}), limit: MAILBOX_LIMIT });
  return {
    props: {
      kind: 'list',
      to: address,
      limit: MAILBOX_LIMIT,
      mails: mails.map(({ id, to: recipient, subject, kind, status, createdAt, sentAt }) => ({
        id,
        to: recipient,
        subject,
        kind,
        status,
        createdAt,
        sentAt,
      })),
    },
  };
}

function badRequest(context: Pick<GetServerSidePropsContext, 'res'>, message: string): GetServerSidePropsResult<MailboxListProps> {
  context.res.statusCode = 400;
  return { props: { kind: 'refused', status: 400, message } };
}

export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<MailboxListProps>> {
  return loadMailboxList(await serverContext(), context);
}
