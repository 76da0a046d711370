import type { NextApiHandler, NextApiRequest, NextApiResponse } from 'next';
import { apiRoute, type HttpMethod } from '@/lib/server/http/apiRoute';
import { clientAddress } from '@/lib/server/http/clientAddress';
import { HttpError } from '@/lib/server/http/HttpError';
import { budgetKeysOf, ByteBudgetError, type BudgetKeys } from './byteBudget';
import { EventLimitError } from './eventLimit';
import { EventStoreUnavailableError, type BadRowChannel } from '@/lib/server/tracking/storage/EventStore';
import { ROW_OVERHEAD_BYTES, type StoredUsage } from '@/lib/server/tracking/storage/storedBytes';
import { TrackingStoreFullError } from '@/lib/server/tracking/storage/storageCap';
import { describeRequest, type SeenBody } from './ingestHttp';
import type { CatalogueCache } from '@/lib/server/catalogue/catalogueCache';
import { serverContext } from '@/lib/server/context/serverContext';
import type { TrackingServices } from '@/lib/server/tracking/trackingServices';

/** What an ingestion handler gets besides the request: the services, and a place to note the body it read. */
export interface IngestContext {
  services: TrackingServices;
  /** The catalogue (the funnel takes events for its campaigns only). */
  catalogue: CatalogueCache;
  /** The body as read (whole when it was read whole, else its start), so that a rejection can keep it in a bad row. */
  seen: SeenBody;
  /**
   * Counts what the request's valid items will store (rows and bytes, storedBytes.ts),
   * once, just before they are stored: against the storage's cap (beyond it 507,
   * TrackingStoreFullError, before anything is counted), its client's limit of accepted
   * events, and the byte budgets of its client, its IPv6 /48 and everyone (beyond one, 429:
   * EventLimitError, ByteBudgetError). When it throws, nothing of the request may be stored.
   */
  admit: (usage: StoredUsage) => Promise<void>;
}

export type IngestHandler = (req: NextApiRequest, res: NextApiResponse, context: IngestContext) => Promise<unknown>;

const BAD_ROW_REASON_MAX = 2000;

/** The keys the request's client is limited under: its address through the trusted proxies, IPv6 by /64 (and by /48 for bytes). */
const clientOf = (services: TrackingServices, req: NextApiRequest): BudgetKeys => budgetKeysOf(clientAddress(req, services.env));

async function admitUsage(services: TrackingServices, req: NextApiRequest, usage: StoredUsage): Promise<void> {
  await services.storageCap.admit(usage.bytes);
  const keys = clientOf(services, req);
  await services.eventLimit.admit(keys.client, usage.rows);
  await services.byteBudget.admit(keys, usage.bytes);
}

/** Refusals over a limit are only counted, never kept as bad rows: a flood must not turn into bad rows. */
const overLimit = (error: unknown): error is EventLimitError | ByteBudgetError =>
  error instanceof EventLimitError || error instanceof ByteBudgetError;

/**
 * Keeps a refused request as a bad row, unless its address (or everyone) has already left
 * too many this minute: then it is only counted, for the summary row the limiter writes.
 * A request over the accepted-events limit or a byte budget is only ever counted: a flood
 * must not turn into bad rows either. A bad row costs its client's (and IPv6 /48's) byte
 * budget like events do; beyond it the refusal is only counted too.
 */
async function keepBadRow(
  services: TrackingServices,
  channel: BadRowChannel,
  req: NextApiRequest,
  body: string | null,
  error: HttpError,
): Promise<void> {
  try {
    const reason = `${error.status} ${error.code}: ${error.message}`.slice(0, BAD_ROW_REASON_MAX);
    const keys = clientOf(services, req);
    if (overLimit(error)) {
      await services.badRows.count(keys.client, channel, reason);
      return;
    }
    // A bad row costs its client's byte budget too (a whole refused body may be 64 KiB): beyond it, only counted.
    const raw = describeRequest(req, body);
    const bytes = ROW_OVERHEAD_BYTES + Buffer.byteLength(raw) + Buffer.byteLength(reason);
    const overBudget = await services.byteBudget.admit(keys, bytes, { total: false }).then(
      () => false,
      (budgetError: unknown) => {
        if (budgetError instanceof ByteBudgetError) return true;
        throw budgetError;
      },
    );
    if (overBudget) {
      await services.badRows.count(keys.client, channel, reason);
      return;
    }
    if (!(await services.badRows.admit(keys.client, channel, reason))) return;
    await services.storageCap.admit(bytes);
    await services.store.appendBadRow({ channel, reason, raw });
  } catch (storeError) {
    // A full store refuses bad rows too; the cap has said so once.
    if (storeError instanceof TrackingStoreFullError) return;
    // The client still gets its 4xx: the rejection is the answer, the bad row only a record of it.
    console.error(`[events] could not keep a ${channel} bad row:`, storeError);
  }
}

/**
 * The API wrapper for the ingestion endpoints (apiRoute, with raw bodies). Every request
 * the endpoint refuses as the caller's mistake (4xx: wrong method, key, size, JSON or
 * item, or a body the client aborted) leaves one bad row with the reason, so that rejected
 * data is seen, never silently dropped; beyond a bounded number per address and per minute
 * (BadRowLimiter) the refusals are counted into one summary row instead, so that junk
 * cannot fill the disk. Accepted events are limited per client too (EventLimit, through
 * the context's `admit`): beyond the limit 429 with Retry-After, counted, not kept as bad
 * rows; so are the bytes they store, per client, per IPv6 /48 and in total (ByteBudget).
 * A store that cannot commit answers 503, one at its size cap 507: the events were not
 * taken, try again.
 */
export function trackingRoute(
  channel: BadRowChannel,
  handlers: Partial<Record<HttpMethod, IngestHandler>>,
  options: { preflight?: (req: NextApiRequest, res: NextApiResponse) => void } = {},
): NextApiHandler {
  const wrapped: Partial<Record<HttpMethod, Parameters<typeof apiRoute>[0][HttpMethod]>> = {};
  for (const [method, handler] of Object.entries(handlers) as [HttpMethod, IngestHandler][]) {
    wrapped[method] = async (req, res, server) => {
      const services = server.tracking;
      const context: IngestContext = {
        services,
        catalogue: server.catalogue,
        seen: { body: null },
        admit: (usage) => admitUsage(services, req, usage),
      };
      try {
        return await handler(req, res, context);
      } catch (error) {
        if (overLimit(error)) res.setHeader('Retry-After', String(error.retryAfterSeconds));
        if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
          await keepBadRow(context.services, channel, req, context.seen.body, error);
        }
        if (error instanceof EventStoreUnavailableError) {
          throw new HttpError(503, 'tracking_unavailable', 'The events could not be saved just now; nothing was recorded. Please retry.');
        }
        throw error;
      }
    };
  }
  const route = apiRoute(wrapped, { body: 'raw' });
  const allowed = Object.keys(handlers).join(', ');
  return async (req, res) => {
    if (req.method === 'OPTIONS' && options.preflight) {
      // CORS preflight: answered before the method table, which knows only the real methods.
      options.preflight(req, res);
      return;
    }
    if (!Object.hasOwn(handlers, req.method ?? '')) {
      const error = new HttpError(405, 'method_not_allowed', `${req.method ?? 'This method'} is not allowed here; use ${allowed}.`);
      const ready = await serverContext().catch(() => null);
      if (ready) await keepBadRow(ready.tracking, channel, req, null, error);
    }
    await route(req, res);
  };
}
