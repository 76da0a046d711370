import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import type { MailboxMailProps } from '@/lib/mail/mailboxView';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { serverContext } from '@/lib/server/context/serverContext';
import { mailLinks } from '@/lib/server/mail/mailLinks';
import { UNLISTED_KINDS } from '@/lib/server/mail/mailboxAccess';
import { isMailId } from '@/lib/server/mail/OutboxRepository';
import { pdfName } from '@/lib/server/invoices/pdfLayout';
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
        attachment: mail.attachment ? { fileName: pdfName(mail.attachment.number), href: `/api/mailbox/${mail.id}/attachment` } : null,
      },
    },
  };
}

/**
 * GET /api/mailbox/{id}/attachment: a mail's attached document as the worker renders it when
 * it sends the mail, under the mailbox's own rules (mailboxRequest): a stranger gets a 404,
 * an operator who must sign in is sent to, a mail with none is a 404.
 */
export async function sendMailboxAttachment(
  server: Pick<ServerContext, 'config' | 'mail' | 'db' | 'clock' | 'operators'>,
  req: GetServerSidePropsContext['req'],
  res: GetServerSidePropsContext['res'],
  id: string,
): Promise<void> {
  const answer = (status: number, code: string, message: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ error: { code, message } }));
  };
  const refused = await mailboxRequest(server, { req, res, resolvedUrl: `/api/mailbox/${encodeURIComponent(id)}/attachment` });
  if (refused && 'redirect' in refused) {
    res.statusCode = 302;
    res.setHeader('Location', refused.redirect.destination);
    return void res.end();
  }
  if (refused && 'props' in refused) return answer(refused.props.status, 'refused', refused.props.message);
  const mail = refused || !isMailId(id) ? null : await server.mail.outbox.find(id);
  if (!mail?.attachment || UNLISTED_KINDS.includes(mail.kind) || !server.mail.renderAttachment)
    return answer(404, 'attachment_not_found', 'This mail carries no attachment.');
  let file;
  try {
    file = await server.mail.renderAttachment(mail.attachment);
  } catch (error) {
    // As the worker finds it: a document not issued (yet) is not sent, nor shown.
    return answer(404, 'attachment_not_found', `The attached document cannot be rendered: ${(error as Error).message}.`);
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  res.setHeader('Content-Length', String(file.content.length));
  res.end(req.method === 'HEAD' ? undefined : file.content);
}

export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<MailboxMailProps>> {
  return loadMailboxMail(await serverContext(), context);
}
