import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireAdmin } from '@/lib/server/http/adminAuth';
import { appDb } from '@/lib/server/db/appDb';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

const querySchema = z.strictObject({
  email: z.email().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/** The embedded outbox, newest first: how QA and the demo read the sign-in links that were "sent". */
export default apiRoute({
  GET: async (req) => {
    await requireAdmin(req);
    const { email, limit } = parseRequest(querySchema, req.query, 'query');
    let query = (await appDb()).selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(limit);
    if (email) query = query.where('to_email', '=', email.toLowerCase());
    const mails = await query.execute();
    return { mails: mails.map((m) => ({ to: m.to_email, subject: m.subject, text: m.body_text, link: m.link, createdAt: m.created_at })) };
  },
});
