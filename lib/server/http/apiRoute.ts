import * as Sentry from '@sentry/nextjs';
import type { NextApiHandler, NextApiRequest, NextApiResponse } from 'next';
import type { z } from 'zod';
import { HttpError } from './HttpError';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Handler = (req: NextApiRequest, res: NextApiResponse) => Promise<unknown>;

export interface ErrorBody {
  error: { code: string; message: string; details?: readonly string[] };
}

const INTERNAL_ERROR = new HttpError(
  500,
  'internal_error',
  'Something went wrong on our side. Please try again in a moment. If you were charged, you will receive a confirmation e-mail.',
);

function sendError(res: NextApiResponse, error: HttpError): void {
  const body: ErrorBody = { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
  res.status(error.status).json(body);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Next parses JSON bodies and passes anything it cannot parse on as a string. */
function assertJsonBody(req: NextApiRequest): void {
  const type = req.headers?.['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
  }
  if (typeof req.body === 'string' && req.body.trim() !== '') {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * Wraps an API route: a handler per method (405 with Allow for the others), JSON bodies
 * (415 for other types, 400 for malformed JSON), JSON answers,
 * HttpError mapped to its status; anything else is logged and answered as a 500 that
 * says nothing was charged. 4xx answers are the caller's mistakes and are not reported.
 */
export function apiRoute(handlers: Partial<Record<HttpMethod, Handler>>, options: { body: 'json' | 'raw' } = { body: 'json' }): NextApiHandler {
  const allowed = Object.keys(handlers).join(', ');
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
    try {
      if (options.body === 'json' && BODY_METHODS.has(req.method ?? '')) assertJsonBody(req);
      const body = await handler(req, res);
      // A handler may have chosen its status (202 Accepted); 200 otherwise.
      if (!res.headersSent) res.json(body);
    } catch (error) {
      if (error instanceof HttpError) {
        sendError(res, error);
        return;
      }
      console.error(`API ${req.method} ${req.url?.split('?')[0]} failed:`, error);
      Sentry.captureException(error);
      if (!res.headersSent) sendError(res, INTERNAL_ERROR);
    }
  };
}

/** Validates a request part with a schema; problems become a 400 naming each field. */
export function parseRequest<T>(schema: z.ZodType<T>, value: unknown, part: 'body' | 'query'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : part}: ${issue.message}`);
  throw new HttpError(400, `invalid_${part}`, `The request ${part} is not valid: ${details.join('; ')}`, details);
}
