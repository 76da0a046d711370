import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { z } from 'zod';
import { OPERATOR_SIGN_IN_PATH, operatorReturnPath } from '@/lib/operators/operatorPaths';
import type { MailboxListProps, MailboxRefusal } from '@/lib/mail/mailboxView';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { serverContext } from '@/lib/server/context/serverContext';
import { isLoopbackClient } from '@/lib/server/http/clientAddress';
import { mailboxAccess, mailboxAvailable, UNLISTED_KINDS, type MailReader } from '@/lib/server/mail/mailboxAccess';
import { operatorOfSession } from '@/lib/server/operators/operatorAccess';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from './pageMethods';

/** The most mails the list shows, newest first. */
export const MAILBOX_LIMIT = 100;

type MailboxServer = Pick<ServerContext, 'config' | 'mail' | 'db' | 'clock' | 'operators'>;
type MailboxRequest = Pick<GetServerSidePropsContext, 'req' | 'res' | 'resolvedUrl'>;
type Refusal = { notFound: true } | { redirect: { destination: string; permanent: false } } | { props: MailboxRefusal };

/**
 * The checks every mailbox page makes, in this order: who may read it (mailboxAccess: a
 * stranger gets the 404 of any unknown page, before anything else), the headers of a page
 * that holds live sign-in links (no cache keeps it, no search engine lists it, no referrer
 * leaves it), then GET or HEAD only.
 */
export async function mailboxRequest(server: MailboxServer, context: MailboxRequest): Promise<Refusal | null> {
  const access = mailboxAccess(server.config, await mailReader(server, context.req));
  if (access.kind === 'absent') return { notFound: true };
  if (access.kind === 'sign-in') {
    const back = operatorReturnPath(context.resolvedUrl);
    return { redirect: { destination: `${OPERATOR_SIGN_IN_PATH}?return=${encodeURIComponent(back)}`, permanent: false } };
  }
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  if (access.kind === 'forbidden') {
    context.res.statusCode = 403;
    return { props: { kind: 'refused', status: 403, message: 'On this server the mailbox is read by admin operators only.' } };
  }
  if (refuseUnlessPageMethod(context)) return { props: { kind: 'refused', status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } };
  return null;
}

/** The reader of a request: loopback or not, and, off a developer's server, the signed-in operator's role. */
async function mailReader(server: MailboxServer, req: MailboxRequest['req']): Promise<MailReader> {
  const loopback = isLoopbackClient(req, server.config);
  if (server.config.APP_ENV === 'development' || !mailboxAvailable(server.config)) return { loopback, role: null };
  const operator = await operatorOfSession(req, server);
  return { loopback, role: operator?.role ?? null };
}

const toSchema = z.union([z.literal('').transform(() => null), z.email().transform((email) => email.toLowerCase())]);

/** The mailbox's list (/mailbox), newest first, of one address's mail when `?to=` names one. */
export async function loadMailboxList(
  server: MailboxServer,
  context: MailboxRequest & Pick<GetServerSidePropsContext, 'query'>,
): Promise<GetServerSidePropsResult<MailboxListProps>> {
  const refused = await mailboxRequest(server, context);
  if (refused) return refused;
  const asked = context.query.to;
  if (Array.isArray(asked)) return badRequest(context, 'Give one address to filter on, not several.');
  const to = asked === undefined ? null : toSchema.safeParse(asked.trim());
  if (to && !to.success) return badRequest(context, `"${asked}" is not an e-mail address.`);
  const address = to?.data ?? null;
  const mails = await server.mail.outbox.list({
    ...(address ? { email: address } : {}),
    limit: MAILBOX_LIMIT,
    exceptKinds: UNLISTED_KINDS,
  });
  return {
    props: {
      kind: 'list',
      to: address,
      limit: MAILBOX_LIMIT,
      mails: mails.map(({ id, to: recipient, subject, kind, status, createdAt, sentAt, clockAt }) => ({
        id,
        to: recipient,
        subject,
        kind,
        status,
        createdAt,
        sentAt,
        clockAt,
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
