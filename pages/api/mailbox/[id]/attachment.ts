import type { NextApiRequest, NextApiResponse } from 'next';
import { serverContext } from '@/lib/server/context/serverContext';
import { sendMailboxAttachment } from '@/lib/server/ssr/mailboxMailPage';

export const config = { api: { bodyParser: false } };

/** The development mailbox's download of a mail's attached document (a receipt's invoice, a refund's credit note). */
export default async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const id = typeof req.query.id === 'string' ? req.query.id : '';
  await sendMailboxAttachment(await serverContext(), req, res, id);
}
