import { z } from 'zod';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';
import { TransactionRepository, transactionView } from '@/lib/server/checkout/TransactionRepository';

/** No body is read here: Next must not read one either (it refuses an oversized body in plain text, not our JSON). */
export const config = { api: { bodyParser: false } };

const querySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(['processing', 'requires_action', 'succeeded', 'failed']).optional(),
  livemode: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  campaignId: z.string().max(64).optional(),
  before: z.iso.datetime().optional(),
});

/** Operators list transactions, newest first: GET /api/admin/transactions?status=succeeded&livemode=false */
export default apiRoute({
  GET: async (req, _res, server) => {
    await requireOperator(req, server, 'admin');
    const filter = parseRequest(querySchema, req.query, 'query');
    const rows = await new TransactionRepository(server.db).list(filter);
    return { transactions: rows.map(transactionView) };
  },
});
