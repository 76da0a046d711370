import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import type { MailboxMailProps } from '@/lib/mail/mailboxView';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { serverContext } from '@/lib/server/context/serverContext';
import { mailLinks } from '@/lib/server/mail/mailLinks';
import { UNLISTED_KINDS } from '@/lib/server/mail/mailboxAccess';
import { isMailId } from '@/lib/server/mail/OutboxRepository';
import { mailboxRequest } from './mailboxPage';

/** One mail of the development mailbox (/mailbox/[id]): both parts and its links; an unknown id is 404. */
export async function loadMailboxMail(
  server: Pick<ServerContext, 'config' | 'mail' | 'db' | 'clock' | 'operators'>,
  context: Pick<GetServerSidePropsContext, 'req' | 'res' | 'params' | 'resolvedUrl'>,
): Promise<GetServerSidePropsResult<MailboxMailProps>> {
  const refused = await mailboxRequest(server, context);
  if (refused) return refused;
  const id = context.params?.id;
  if (typeof id !== 'string' || !isMailId(id)) return { notFound: true };
  const mail = await server.mail.outbox.find(id);
  if (!mail || UNLISTED_KINDS.includes(mail.kind)) return { notFound: true };
  return {
    props: {
      kind: 'mail',
      mail: {
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        kind: mail.kind,
        status: mail.status,
        createdAt: mail.createdAt,
        sentAt: mail.sentAt,
        clockAt: mail.clockAt,
        text: mail.text,
        html: mail.html,
        link: mail.link,
        links: mailLinks(mail),
        attempts: mail.attempts,
        lastError: mail.lastError,
      },
    },
  };
}

export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<MailboxMailProps>> {
  return loadMailboxMail(await serverContext(), context);
}
