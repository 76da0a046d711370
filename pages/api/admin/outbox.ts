import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { isLoopbackClient } from '@/lib/server/http/clientAddress';
import { HttpError } from '@/lib/server/http/HttpError';
import { outboxReadRule, UNLISTED_KINDS, withSecretLinksWithheld } from '@/lib/server/mail/mailboxAccess';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

const querySchema = z.strictObject({
  email: z.email().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/**
 * The mail queue, newest first: what was sent, is waiting or was given up, for admins, by
 * the mailbox's rule (outboxReadRule): a developer's own machine, a signed-in admin on a
 * shared server, no sign-in link in production; an operator's sign-in mail never.
 */
export default apiRoute({
  GET: async (req, _res, server) => {
    const rule = outboxReadRule(server.config.APP_ENV);
    if (rule.loopbackOnly && !isLoopbackClient(req, server.config)) throw new HttpError(404, 'not_found', 'There is nothing here.');
    const caller = await requireOperator(req, server, 'admin');
    if (rule.sessionOnly && caller.via === 'token') {
      throw new HttpError(
        403,
        'session_required',
        'On a shared server the outbox is read by an admin signed in to the back office (/mailbox), not with a token.',
      );
    }
    const filter = parseRequest(querySchema, req.query, 'query');
    const mails = await server.mail.outbox.list({ ...filter, exceptKinds: UNLISTED_KINDS });
    return { mails: rule.withholdSecretLinks ? mails.map(withSecretLinksWithheld) : mails };
  },
});
