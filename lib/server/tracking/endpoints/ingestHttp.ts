import type { IncomingMessage } from 'node:http';
import type { NextApiRequest, NextApiResponse } from 'next';
import type { z } from 'zod';
import { HttpError } from '@/lib/server/http/HttpError';
import { BodyAbortedError, readBodyCapped, type CappedBody } from '@/lib/server/http/rawBody';

/** Reading a capped body lives with the other body readers (apiRoute's, the webhooks'). */
export { BodyAbortedError, readBodyCapped, type CappedBody };

/**
 * HTTP details the ingestion endpoints share: reading a capped body without killing the
 * connection, telling JSON from beacon text, the 1×1 pixel answer, and the copy of a
 * request that a bad row keeps.
 */

/**
 * What a bad row keeps of a request. A request the endpoint read whole and refused keeps
 * its whole body (every endpoint caps bodies at 64 KiB), so that a batch refused for one
 * bad item can be recovered item by item. What was not read whole (a body over the cap)
 * keeps only its start, and the request line is cut, since those parts were never data
 * our clients send: they show what came, bounded so junk cannot fill the disk.
 */
export const BAD_ROW_BODY_MAX = 64 * 1024;
/** The start of a body that was not read whole (over the cap, or aborted). */
export const BAD_ROW_CUT_BODY_MAX = 4096;
/** The method, path and query (a pixel's data is kept as its body, whole). */
export const BAD_ROW_URL_MAX = 2048;
const BAD_ROW_HEADER_MAX = 200;

/** Where an endpoint notes the body it read for a bad row: the whole body when it was read whole, else its start and why. */
export interface SeenBody {
  body: string | null;
}

/** Fatal, so that a body that is not UTF-8 is refused; keeping a BOM, so that the text is the body as sent (what a bad row keeps). */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads a JSON body sent as `application/json` (XHR, the analytics tracker) or as
 * `text/plain` (navigator.sendBeacon with a string, which cannot set another type without
 * a CORS preflight). Records what was read in `seen` for a bad row, whatever happens next.
 */
export async function readJsonBody(req: NextApiRequest, res: NextApiResponse, limit: number, seen: SeenBody): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!/^(application\/json|text\/plain)\s*(;|$)/.test(type)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the body as JSON (Content-Type: application/json or text/plain;charset=UTF-8).',
    );
  }
  let read: CappedBody;
  try {
    read = await readBodyCapped(req, limit);
  } catch (error) {
    if (error instanceof BodyAbortedError)
      seen.body = bodyStart(error.received, `[aborted by the client after ${error.received.length} bytes]`);
    throw error;
  }
  const { bytes, overflow } = read;
  if (overflow) {
    seen.body = bodyStart(bytes, `[more than ${limit} bytes were sent; only the start is kept]`);
    // The rest of the body is not read: close rather than leave the connection half-read.
    res.setHeader('Connection', 'close');
    throw new HttpError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`);
  }
  // Decoded once: the text is both what a bad row keeps and what is parsed.
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    seen.body = bytes.toString('utf8');
    throw new HttpError(400, 'invalid_encoding', 'The request body is not UTF-8.');
  }
  // Read whole: kept whole (at most `limit` bytes), so that valid items can be recovered.
  seen.body = text;
  if (text.trim() === '') throw new HttpError(400, 'empty_body', 'The request body is empty.');
  try {
    // JSON has no byte-order mark: a leading one is skipped, as a BOM-stripping decoder would.
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/** Problems listed in a 400: enough to fix the client, bounded for a body of junk. */
export const MAX_DETAILS = 20;

/**
 * Validates a decoded body; problems become one 400 naming the fields (at most
 * MAX_DETAILS of them), and the request is refused as a whole.
 */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown, code = 'invalid_body'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const all = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`);
  throw refused(code, all);
}

/** The 400 for a request refused as a whole, listing its first problems. */
export function refused(code: string, problems: string[]): HttpError {
  const shown = problems.slice(0, MAX_DETAILS);
  const more = problems.length > shown.length ? ` (and ${problems.length - shown.length} more)` : '';
  return new HttpError(400, code, `The request was refused as a whole: ${shown.join('; ')}${more}`, shown);
}

/** A transparent 1×1 GIF: the answer an image pixel expects. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function sendPixel(res: NextApiResponse): void {
  res.setHeader('Content-Type', 'image/gif');
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).send(PIXEL_GIF);
}

/** A single query value; repeated or missing parameters are undefined or an error. */
export function queryValue(req: NextApiRequest, name: string): string | undefined {
  const value = req.query[name];
  if (Array.isArray(value)) throw new HttpError(400, 'invalid_query', `The query parameter ${name} must be given once.`);
  return value;
}

/** `livemode=false` switches to test mode (SPEC §2); absent or `true` is live; anything else is a mistake. */
export function livemodeFromQuery(req: NextApiRequest): boolean {
  const value = queryValue(req, 'livemode');
  if (value === undefined || value === 'true') return true;
  if (value === 'false') return false;
  throw new HttpError(400, 'invalid_livemode', 'The livemode query parameter must be "true" or "false".');
}

/** The request line with any api key masked: bad rows are read by people who must not learn the key. */
function redactedUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&]*/gi, '$1[redacted]');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[cut ${text.length - max} characters]`;
}

/** The start of a body that was not read whole, with a note saying so. */
function bodyStart(bytes: Buffer, note: string): string {
  const start = bytes.subarray(0, BAD_ROW_CUT_BODY_MAX).toString('utf8');
  return bytes.length > BAD_ROW_CUT_BODY_MAX ? `${start}…[cut ${bytes.length - BAD_ROW_CUT_BODY_MAX} bytes] ${note}` : `${start} ${note}`;
}

/**
 * The request as a bad row keeps it: method, path and query (cut, key masked), content
 * type, and the body as the endpoint noted it (whole when it was read whole; endpoints cap
 * bodies at BAD_ROW_BODY_MAX, which is also the bound here).
 */
export function describeRequest(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, body: string | null): string {
  const contentType = String(req.headers['content-type'] ?? '');
  const head = `${req.method ?? '?'} ${cut(redactedUrl(req.url ?? ''), BAD_ROW_URL_MAX)}\ncontent-type: ${cut(contentType, BAD_ROW_HEADER_MAX)}\n\n`;
  return head + cut(body ?? '', BAD_ROW_BODY_MAX);
}
