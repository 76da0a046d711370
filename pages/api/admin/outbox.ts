import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

const querySchema = z.strictObject({
  email: z.email().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/**
 * The mail queue, newest first: what was sent, is waiting or was given up, with both parts
 * and the main link (how QA and the demo read the sign-in links that were "sent").
 */
export default apiRoute({
  GET: async (req, _res, server) => {
    await requireOperator(req, server, 'admin');
    const filter = parseRequest(querySchema, req.query, 'query');
    return { mails: await server.mail.outbox.list(filter) };
  },
});
