import * as Sentry from '@sentry/nextjs';
import type { NextApiHandler, NextApiRequest, NextApiResponse } from 'next';
import type { z } from 'zod';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { serverContext } from '@/lib/server/context/serverContext';
import { isTransientDatabaseError } from '@/lib/server/db/transientDatabaseError';
import { HttpError } from './HttpError';
import { publicOrigin } from './publicOrigin';
import { readBody } from './rawBody';
import { assertSameOrigin } from './sameOrigin';
import { loadAllSubdivisions } from '@/lib/geo/subdivisions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A method's handler: the request, the response, and the server's context (databases, services, configuration). */
type Handler = (req: NextApiRequest, res: NextApiResponse, server: ServerContext) => Promise<unknown>;

export interface ErrorBody {
  error: { code: string; message: string; details?: readonly string[] };
}

const INTERNAL_ERROR = new HttpError(
  500,
  'internal_error',
  'Something went wrong on our side. Please try again in a moment. If you were charged, you will receive a confirmation e-mail.',
);

const DATABASE_UNAVAILABLE = new HttpError(
  503,
  'service_unavailable',
  'The service is busy just now. Please try again in a few seconds; if you were charged, you will receive a confirmation e-mail.',
  undefined,
  { retryAfterSeconds: 5 },
);

function sendError(res: NextApiResponse, error: HttpError): void {
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  const body: ErrorBody = { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
  res.status(error.status).json(body);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export interface ApiRouteOptions {
  /**
   * 'json' (the default): apiRoute reads a POST, PUT or PATCH body itself and hands the
   * parsed JSON to the handler as `req.body`; 'raw': the handler reads the body itself
   * (readRawBody: webhook signatures are over the exact bytes; the tracking endpoints).
   * Either way the route exports `config = { api: { bodyParser: false } }`, so that Next
   * never answers a body with its own plain text. 'form': as 'json', and an HTML form's
   * application/x-www-form-urlencoded body too, handed over as an object of strings.
   */
  body?: 'json' | 'form' | 'raw';
  /** The largest JSON body taken; above it 413. Next's own default, 1 MiB, unless the route says less. */
  maxBodyBytes?: number;
  /** A body may be left out (no Content-Length, or 0): the handler then gets `req.body` undefined. */
  optionalBody?: boolean;
  /**
   * Refuse POST, PUT, PATCH and DELETE that another site made a browser send (sameOrigin.ts):
   * 403 `cross_site_request` before the body is read. For routes a visitor's cookies empower.
   */
  sameOriginOnly?: boolean;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Fatal, so that a body that is not UTF-8 is refused; a leading byte-order mark is dropped. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

const FORM = 'application/x-www-form-urlencoded';

/** `application/json` (or, where forms are taken, an HTML form's type), with no charset or UTF-8 (JSON is UTF-8: RFC 8259). */
function bodyMediaType(req: NextApiRequest, formsTaken: boolean): 'json' | 'form' {
  const [mediaType = '', ...parameters] = String(req.headers['content-type'] ?? '').split(';');
  const type = mediaType.trim().toLowerCase();
  if (type !== 'application/json' && !(formsTaken && type === FORM)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      formsTaken
        ? `Send the request body as JSON (Content-Type: application/json) or as a form (${FORM}).`
        : 'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    if (
      !['utf-8', 'utf8'].includes(
        value
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .toLowerCase(),
      )
    ) {
      throw new HttpError(
        415,
        'unsupported_media_type',
        'Send the request body as UTF-8 JSON (Content-Type: application/json; charset=utf-8).',
      );
    }
  }
  return type === FORM ? 'form' : 'json';
}

/** A form's fields as an object of strings (a map first: keys are the sender's, "__proto__" included); a field sent twice is refused. */
function formFields(text: string): Record<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (fields.has(name)) throw new HttpError(400, 'invalid_form', `The form sends the field "${name.slice(0, 40)}" twice; send it once.`);
    fields.set(name, value);
  }
  return Object.fromEntries(fields);
}

/** No body at all: no Content-Length (or 0) and not chunked. */
function hasNoBody(req: NextApiRequest): boolean {
  const length = req.headers['content-length'];
  return (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
}

/**
 * A JSON body (or a form's, where forms are taken), read here rather than by Next (whose
 * answers to a body it cannot take are plain text): 415 for another type, charset or any
 * Content-Encoding, 413 over the limit (a declared length before reading, a chunked body cut
 * off at the limit), 400 for a body that is empty, not UTF-8, not JSON or a form sending a
 * field twice.
 */
async function readJsonRequestBody(req: NextApiRequest, limitBytes: number, formsTaken: boolean): Promise<unknown> {
  const type = bodyMediaType(req, formsTaken);
  // Next read it already: the route does not export `config.api.bodyParser = false`.
  if (req.readableEnded)
    throw new Error('The request body was read before apiRoute: export config = { api: { bodyParser: false } } from the route.');
  const bytes = await readBody(req, limitBytes);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'invalid_encoding', 'The request body is not UTF-8.');
  }
  if (text.trim() === '') throw new HttpError(400, 'empty_body', 'The request body is empty; send a JSON object.');
  if (type === 'form') return formFields(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * Wraps an API route: a handler per method (405 with Allow for the others), JSON bodies
 * read here (see readJsonRequestBody), JSON answers, HttpError mapped to its status;
 * anything else is logged and answered as a 500 that says nothing was charged. 4xx answers
 * are the caller's mistakes and are not reported.
 */
export function apiRoute(handlers: Partial<Record<HttpMethod, Handler>>, options: ApiRouteOptions = {}): NextApiHandler {
  const allowed = Object.keys(handlers).join(', ');
  const { body = 'json', maxBodyBytes = DEFAULT_MAX_BODY_BYTES, optionalBody = false, sameOriginOnly = false } = options;
  return async (req, res) => {
    const handler = handlers[req.method as HttpMethod];
    if (!handler) {
      res.setHeader('Allow', allowed);
      sendError(res, new HttpError(405, 'method_not_allowed', `${req.method ?? 'This method'} is not allowed here; use ${allowed}.`));
      return;
    }
    // Next answers any API request whose If-None-Match matches (always for "*") with a bare
    // 304, after the handler ran: a POST that charged a card would lose its answer.
    if (!SAFE_METHODS.has(req.method ?? '')) {
      delete req.headers['if-none-match'];
      delete req.headers['if-modified-since'];
    }
    const takesBody = BODY_METHODS.has(req.method ?? '');
    try {
      // Before the body is read: a cross-site form post is refused whatever it sends.
      if (sameOriginOnly) {
        const { config } = await contextOrUnavailable();
        assertSameOrigin(req, () => publicOrigin(config, req));
      }
      if (body !== 'raw' && takesBody) {
        req.body = optionalBody && hasNoBody(req) ? undefined : await readJsonRequestBody(req, maxBodyBytes, body === 'form');
        // The address schemas check a region against its country's list, which must be here first.
        await loadAllSubdivisions();
      }
      const result = await handler(req, res, await contextOrUnavailable());
      // A handler may have chosen its status (202 Accepted); 200 otherwise.
      if (!res.headersSent) res.json(result);
    } catch (error) {
      if (error instanceof HttpError) {
        // Refused before its body was read whole (413, 415…): close rather than leave the connection half-read.
        if (takesBody && req.readableEnded === false && !res.headersSent) res.setHeader('Connection', 'close');
        sendError(res, error);
        return;
      }
      console.error(`API ${req.method} ${req.url?.split('?')[0]} failed:`, error);
      Sentry.captureException(error);
      // The database away or busy for a moment: 503 with Retry-After, a client may try again.
      if (!res.headersSent) sendError(res, isTransientDatabaseError(error) ? DATABASE_UNAVAILABLE : INTERNAL_ERROR);
    }
  };
}

/** The server's context; a database that cannot be opened is a 503 the client may retry, not a crash. */
async function contextOrUnavailable(): Promise<ServerContext> {
  try {
    return await serverContext();
  } catch (error) {
    console.error('The server context could not be made (is the database reachable?):', error);
    Sentry.captureException(error);
    throw new HttpError(
      503,
      'service_unavailable',
      'The service is not available just now; nothing was charged. Please try again in a minute.',
    );
  }
}

/** Validates a request part with a schema; problems become a 400 naming each field. */
export function parseRequest<T>(schema: z.ZodType<T>, value: unknown, part: 'body' | 'query'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : part}: ${issue.message}`);
  throw new HttpError(400, `invalid_${part}`, `The request ${part} is not valid: ${details.join('; ')}`, details);
}
