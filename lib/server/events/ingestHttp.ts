import type { IncomingMessage } from 'node:http';
import type { NextApiRequest, NextApiResponse } from 'next';
import type { z } from 'zod';
import { HttpError } from '../http/HttpError';

/**
 * HTTP details the ingestion endpoints share: reading a capped body without killing the
 * connection, telling JSON from beacon text, the 1×1 pixel answer, and the bounded copy
 * of a request that a bad row keeps.
 */

/** What a bad row keeps of a request: enough to see what was wrong, bounded so junk cannot fill the disk. */
export const BAD_ROW_RAW_MAX = 4096;

export interface CappedBody {
  bytes: Buffer;
  /** The body was longer than the cap; `bytes` holds what was read before giving up. */
  overflow: boolean;
}

/**
 * Reads a request body up to `limit` bytes. Unlike iterating the stream (which destroys
 * the socket when the loop is left early, so the client never sees the 413), this stops
 * listening and lets the answer go out; the answer then closes the connection. A body
 * declared too large is still read up to the cap, so that its bad row shows how it began.
 */
export function readBodyCapped(req: IncomingMessage, limit: number): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      if (size + buffer.length > limit) {
        chunks.push(buffer.subarray(0, limit - size));
        cleanup();
        req.pause();
        resolve({ bytes: Buffer.concat(chunks), overflow: true });
        return;
      }
      size += buffer.length;
      chunks.push(buffer);
    };
    const onEnd = () => {
      cleanup();
      resolve({ bytes: Buffer.concat(chunks), overflow: false });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON body sent as `application/json` (XHR, the analytics tracker) or as
 * `text/plain` (navigator.sendBeacon with a string, which cannot set another type without
 * a CORS preflight). Records what was read in `seen` for a bad row, whatever happens next.
 */
export async function readJsonBody(req: NextApiRequest, res: NextApiResponse, limit: number, seen: { body: string | null }): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!/^(application\/json|text\/plain)\s*(;|$)/.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json or text/plain;charset=UTF-8).');
  }
  const { bytes, overflow } = await readBodyCapped(req, limit);
  seen.body = bytes.subarray(0, BAD_ROW_RAW_MAX * 2).toString('utf8');
  if (overflow) {
    // The rest of the body is not read: close rather than leave the connection half-read.
    res.setHeader('Connection', 'close');
    throw new HttpError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'invalid_encoding', 'The request body is not UTF-8.');
  }
  if (text.trim() === '') throw new HttpError(400, 'empty_body', 'The request body is empty.');
  try {
    return JSON.parse(text) as unknown;
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

/** The request as a bad row keeps it: method, path and query, content type, and the start of the body. */
export function describeRequest(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, body: string | null): string {
  const head = `${req.method ?? '?'} ${redactedUrl(req.url ?? '')}\ncontent-type: ${req.headers['content-type'] ?? ''}\n\n`;
  return cut(head + (body ?? ''), BAD_ROW_RAW_MAX);
}
