import type { NextApiRequest } from 'next';
import { HttpError } from '@/lib/server/http/HttpError';
import { matchesHash, sha256 } from '@/lib/server/ids';
import type { NewTrackingEvent } from '@/lib/server/tracking/storage/EventStore';
import { eventUsage } from '@/lib/server/tracking/storage/storedBytes';
import { checkFunnelItem, type ValidFunnelItem } from '@/lib/server/tracking/schemas/funnelSchemas';
import { BAD_ROW_CUT_BODY_MAX, livemodeFromQuery, queryValue, readJsonBody, refused, sendPixel } from './ingestHttp';
import type { IngestHandler } from './trackingRoute';
import { isSafeSource } from '@/lib/journey/query';
import type { CatalogueCache } from '@/lib/server/catalogue/catalogueCache';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';

const campaignIdSets = new WeakMap<CatalogueSnapshot, ReadonlySet<string>>();

/** Whether a campaign id is one of the catalogue's (the snapshot's set, made once per snapshot). */
async function knownCampaigns(catalogue: CatalogueCache): Promise<(id: string) => boolean> {
  const snapshot = await catalogue.get();
  let ids = campaignIdSets.get(snapshot);
  if (!ids) {
    ids = new Set([...snapshot.flowsByPath.values()].map((flow) => flow.campaignId));
    campaignIdSets.set(snapshot, ids);
  }
  return (id) => ids.has(id);
}

/**
 * The built-in funnel endpoint (SPEC §7): `POST /martech/api/funnel?api_key=K[&livemode=false]`
 * with a JSON array of items (beacon or XHR), or `GET …&data=<JSON array>` as an image pixel.
 * A request is taken whole or not at all: one invalid item refuses the request, which
 * becomes one bad row holding the whole body (so that its valid items can be recovered),
 * and nothing of it enters tracking_events.
 */

/** navigator.sendBeacon's own limit in browsers: a body above it was not sent by our client. */
export const FUNNEL_BODY_MAX_BYTES = 64 * 1024;
export const FUNNEL_MAX_ITEMS = 100;
/** The client uses the pixel below 1500 characters (SPEC §9); room for encoding, not for abuse. */
export const FUNNEL_PIXEL_DATA_MAX = 8 * 1024;

/** The configured key's hash, made once per key rather than on every request. */
let expectedHash: { key: string; hash: string } | null = null;

/** Compares hashes so that the comparison takes the same time whatever the key's length. */
export function checkApiKey(req: NextApiRequest, expected: string): void {
  if (expectedHash?.key !== expected) expectedHash = { key: expected, hash: sha256(expected) };
  const given = req.query.api_key;
  if (typeof given !== 'string' || !matchesHash(given, expectedHash.hash)) {
    throw new HttpError(401, 'invalid_api_key', 'A valid api_key query parameter is required.');
  }
}

function campaignIdOf(item: ValidFunnelItem): string | null {
  const payload = item.payload as { campaignId?: unknown; source_metadata?: { campaign_id?: unknown } };
  if (typeof payload.campaignId === 'string') return payload.campaignId;
  if (typeof payload.source_metadata?.campaign_id === 'string') return payload.source_metadata.campaign_id;
  return null;
}

/**
 * What the funnel report may count, besides a well-formed item: a campaign the catalogue
 * knows (when the item names one) and a source the journey itself would take from a URL.
 * Anything else (a fuzzer's campaign "'; DROP TABLE…", a source of "%00") is the sender's
 * mistake and ends as a bad row, not as a row of the marketers' report.
 */
function reportProblems(item: ValidFunnelItem, index: number, isKnownCampaign: (id: string) => boolean): string[] {
  const problems: string[] = [];
  const campaignId = campaignIdOf(item);
  if (campaignId !== null && !isKnownCampaign(campaignId))
    problems.push(`items[${index}].payload.campaignId: not a campaign of the catalogue`);
  const source = item._context?.source;
  if (typeof source === 'string' && !isSafeSource(source)) {
    problems.push(`items[${index}]._context.source: may hold only letters, digits and . : ~ + - / | _ = @ (at most 200 characters)`);
  }
  return problems;
}

/**
 * Validates a decoded body and turns it into rows: all items valid, or a 400 naming every
 * bad item by index and field. `livemode` comes from the request's query (the client adds
 * `livemode=false` in test mode), not from each item.
 */
export function funnelEventsFrom(body: unknown, livemode: boolean, isKnownCampaign: (id: string) => boolean): NewTrackingEvent[] {
  if (!Array.isArray(body)) throw new HttpError(400, 'invalid_body', 'The body must be a JSON array of funnel items.');
  if (body.length === 0) throw new HttpError(400, 'invalid_body', 'The body must hold at least one funnel item.');
  if (body.length > FUNNEL_MAX_ITEMS) {
    throw new HttpError(413, 'too_many_items', `A request may carry at most ${FUNNEL_MAX_ITEMS} items; this one has ${body.length}.`);
  }
  const items: ValidFunnelItem[] = [];
  const details: string[] = [];
  body.forEach((value: unknown, index) => {
    const check = checkFunnelItem(value);
    if (!check.ok) details.push(...check.problems.map((problem) => `items[${index}].${problem}`));
    else {
      const problems = reportProblems(check.item, index, isKnownCampaign);
      if (problems.length === 0) items.push(check.item);
      details.push(...problems);
    }
  });
  if (details.length > 0) throw refused('invalid_item', details);
  return items.map((item) => ({
    channel: 'funnel',
    action: item.action,
    topic: '_topic' in item ? item._topic : null,
    campaignId: campaignIdOf(item),
    sessionId: item._context?.sessionId ?? null,
    source: item._context?.source ?? null,
    livemode,
    payload: item.payload,
    experiment: item._context?.experiment ?? null,
  }));
}

/** POST: a beacon (`text/plain`) or XHR (`application/json`) body; answers `{accepted}` once committed. */
export const receiveFunnelPost: IngestHandler = async (req, res, { services, catalogue, seen, admit }) => {
  res.setHeader('Cache-Control', 'no-store');
  // The body is read first so that a refused request's bad row shows what was sent.
  const body = await readJsonBody(req, res, FUNNEL_BODY_MAX_BYTES, seen);
  checkApiKey(req, services.env.FUNNEL_API_KEY);
  const events = funnelEventsFrom(body, livemodeFromQuery(req), await knownCampaigns(catalogue));
  await admit(eventUsage(events));
  await services.store.appendEvents(events);
  return { accepted: events.length };
};

/** GET: the image pixel, `data` holding the URL-encoded JSON array; answers a 1×1 GIF once committed. */
export const receiveFunnelPixel: IngestHandler = async (req, res, { services, catalogue, seen, admit }) => {
  const data = queryValue(req, 'data');
  // The data is the pixel's body: a refused pixel's bad row keeps it whole, as a POST's
  // (the request line it came in is cut); data over the cap keeps only its start.
  if (data !== undefined) {
    seen.body =
      data.length <= FUNNEL_PIXEL_DATA_MAX
        ? data
        : `${data.slice(0, BAD_ROW_CUT_BODY_MAX)}…[cut ${data.length - BAD_ROW_CUT_BODY_MAX} characters]`;
  }
  checkApiKey(req, services.env.FUNNEL_API_KEY);
  if (data === undefined || data === '')
    throw new HttpError(400, 'missing_data', 'The data query parameter (a JSON array of funnel items) is required.');
  if (data.length > FUNNEL_PIXEL_DATA_MAX) {
    throw new HttpError(
      414,
      'data_too_long',
      `The data query parameter may be at most ${FUNNEL_PIXEL_DATA_MAX} characters; send larger batches by POST.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The data query parameter is not valid JSON.');
  }
  const events = funnelEventsFrom(body, livemodeFromQuery(req), await knownCampaigns(catalogue));
  await admit(eventUsage(events));
  await services.store.appendEvents(events);
  sendPixel(res);
  return undefined;
};
