import type { NextApiRequest } from 'next';
import { z } from 'zod';
import { requireOperator } from '@/lib/server/operators/operatorAccess';
import { parseRequest } from '@/lib/server/http/apiRoute';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { listBadRows, listTrackingEvents } from '@/lib/server/tracking/storage/trackingQueries';

/**
 * Operators read what tracking stored and what it refused, in arrival order, with the same
 * bearer token as the other operator endpoints. An unknown or malformed filter is a 400:
 * a typo must not quietly widen the answer to everything.
 */

const isoTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 time such as 2026-11-21T12:00:00Z' })
  .transform((value) => new Date(value));
const filterText = z.string().min(1).max(200);
const cursor = z.string().regex(/^(te|br)_\d{13}_\d{6}_[0-9a-f]+$/, 'must be an id from a previous answer');

const eventsQuery = z.strictObject({
  campaignId: filterText.optional(),
  action: filterText.optional(),
  channel: z.enum(['funnel', 'segmentation', 'analytics']).optional(),
  topic: filterText.optional(),
  since: isoTime.optional(),
  until: isoTime.optional(),
  livemode: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sessionId: filterText.optional(),
  after: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
});

const badRowsQuery = z.strictObject({
  channel: z.enum(['funnel', 'segmentation', 'analytics', 'inspector']).optional(),
  since: isoTime.optional(),
  after: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
});

/** GET /api/admin/events?campaignId=…&action=…&channel=…&topic=…&since=…&until=…&livemode=…&sessionId=…&after=…&limit=… */
export async function listEventsForAdmin(req: NextApiRequest, _res: unknown, server: ServerContext) {
  await requireOperator(req, server, 'admin');
  const filter = parseRequest(eventsQuery, req.query, 'query');
  return { events: await listTrackingEvents(server.trackingDb, filter) };
}

/** GET /api/admin/bad-rows?channel=…&since=…&after=…&limit=… */
export async function listBadRowsForAdmin(req: NextApiRequest, _res: unknown, server: ServerContext) {
  await requireOperator(req, server, 'admin');
  const filter = parseRequest(badRowsQuery, req.query, 'query');
  return { badRows: await listBadRows(server.trackingDb, filter) };
}
