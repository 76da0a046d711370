import type { IncomingMessage } from 'node:http';
import { HttpError } from './HttpError';

/**
 * Reading request bodies ourselves: Next's body parser is off on every API route
 * (`config.api.bodyParser = false`), because it answers an oversized or unreadable body
 * with its own plain text (`413 Body exceeded 8kb limit`, `400 Invalid JSON`) rather than
 * our JSON error shape. apiRoute reads JSON bodies with these; webhooks read raw bytes.
 */

export interface CappedBody {
  bytes: Buffer;
  /** The body was longer than the cap; `bytes` holds what was read before giving up. */
  overflow: boolean;
}

/**
 * The client went away while its body was being read (a closed tab, a lost connection, a
 * beacon the browser cancelled): the caller's doing, never a server fault, so a 400 that
 * is not reported as a crash. Nothing of the request was stored or acknowledged; the
 * answer usually has nobody left to read it.
 */
export class BodyAbortedError extends HttpError {
  constructor(readonly received: Buffer) {
    super(400, 'aborted', 'The request was aborted by the client before its body was received; nothing was recorded.');
    this.name = 'BodyAbortedError';
  }
}

/** A size as people read it: "8 KiB (8192 bytes)". */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB (${bytes} bytes)`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB (${bytes} bytes)`;
  return `${bytes} bytes`;
}

/** The 413 of a body over an endpoint's limit, naming the limit. */
export function payloadTooLarge(limitBytes: number): HttpError {
  return new HttpError(
    413,
    'payload_too_large',
    `The request body is larger than this endpoint accepts: at most ${describeBytes(limitBytes)}.`,
  );
}

/**
 * Bodies are taken as sent (`Content-Encoding` absent or `identity`): none of our clients
 * compresses a request, and decompressing would let a small upload become a large body.
 * Anything else is a 415 (RFC 7694), before a byte is read.
 */
export function assertIdentityEncoding(req: Pick<IncomingMessage, 'headers'>): void {
  const encoding = req.headers['content-encoding'];
  if (encoding === undefined) return;
  const codings = String(encoding)
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean);
  if (codings.every((coding) => coding === 'identity')) return;
  throw new HttpError(415, 'unsupported_encoding', 'Send the request body uncompressed: no Content-Encoding is accepted.');
}

/**
 * A body whose declared length is over the limit is refused before it is read (nothing of
 * it is worth waiting for). A malformed Content-Length never gets here: Node refuses it.
 */
export function assertDeclaredLength(req: Pick<IncomingMessage, 'headers'>, limitBytes: number): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > limitBytes) throw payloadTooLarge(limitBytes);
}

/** A stream error that means the peer went away, not that something broke here. */
function isAbort(req: IncomingMessage, error?: Error & { code?: string }): boolean {
  return (
    req.readableAborted || (req as { aborted?: boolean }).aborted === true || error?.code === 'ECONNRESET' || error?.message === 'aborted'
  );
}

/**
 * Reads a request body up to `limit` bytes. Unlike iterating the stream (which destroys
 * the socket when the loop is left early, so the client never sees the 413), this stops
 * listening and lets the answer go out; the answer then closes the connection. A body
 * declared too large is still read up to the cap (the tracking endpoints keep how it began
 * in a bad row; readBody refuses it before reading). A chunked body is cut off at the cap.
 * A client that aborts (the stream errors with `aborted`, or closes before its end) is a
 * BodyAbortedError holding what had arrived, never a hanging promise or a 500. A
 * compressed body is refused before reading (assertIdentityEncoding).
 */
export function readBodyCapped(req: IncomingMessage, limit: number): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    try {
      assertIdentityEncoding(req);
    } catch (error) {
      reject(error);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (req.readableAborted || (req.destroyed && !req.complete)) {
      reject(new BodyAbortedError(Buffer.alloc(0)));
      return;
    }
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
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
      reject(isAbort(req, error) ? new BodyAbortedError(Buffer.concat(chunks)) : error);
    };
    // Closed before its end without an error (older Node versions): aborted all the same.
    const onClose = () => {
      if (req.readableEnded) return;
      cleanup();
      reject(new BodyAbortedError(Buffer.concat(chunks)));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * A whole body of at most `limitBytes`: uncompressed, a declared length over the limit
 * refused before reading, a longer body (chunked) cut off at the limit; both 413.
 */
export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  assertIdentityEncoding(req);
  assertDeclaredLength(req, limitBytes);
  const { bytes, overflow } = await readBodyCapped(req, limitBytes);
  if (overflow) throw payloadTooLarge(limitBytes);
  return bytes;
}

/** Reads a request body as bytes (signatures are over the exact bytes), up to a limit. */
export async function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return readBody(req, limitBytes);
}
