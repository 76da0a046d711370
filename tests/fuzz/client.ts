import net from 'node:net';
import zlib from 'node:zlib';

/**
 * Sends a request's bytes over a fresh TCP connection and reads every answer that comes
 * back (a pipelined request has two; a request Node's parser refuses has one from Node
 * itself), with a small HTTP/1.x response parser: interim 1xx answers are skipped, bodies
 * are read by Content-Length, chunked coding, or up to the end of the connection.
 */

export interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  responses: ParsedResponse[];
  /** Bytes that came back but were not a complete answer. */
  leftover: number;
  /** The connection failed (reset, refused) before an answer was read. */
  error: string | null;
  /** No answer within the time limit. */
  timedOut: boolean;
  ms: number;
}

interface Parse {
  responses: ParsedResponse[];
  /** Where parsing stopped. */
  offset: number;
}

function dechunk(buf: Buffer, start: number): { body: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  let offset = start;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', offset);
    if (lineEnd === -1) return null;
    const size = Number.parseInt(buf.subarray(offset, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size)) return { body: Buffer.concat(parts), end: buf.length };
    offset = lineEnd + 2;
    if (size === 0) {
      // Trailers, then an empty line.
      const end = buf.indexOf('\r\n\r\n', offset - 2);
      return end === -1 ? null : { body: Buffer.concat(parts), end: end + 4 };
    }
    if (buf.length < offset + size + 2) return null;
    parts.push(buf.subarray(offset, offset + size));
    offset += size + 2;
  }
}

/** A body as sent before its Content-Encoding (the fuzz asks for odd encodings); as it came when it cannot be decoded. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || body.length === 0) return body;
  try {
    if (/gzip/i.test(encoding)) return zlib.gunzipSync(body);
    if (/br/i.test(encoding)) return zlib.brotliDecompressSync(body);
    if (/deflate/i.test(encoding)) return zlib.inflateSync(body);
  } catch {
    return body;
  }
  return body;
}

/** The complete answers in `buf`; `ended`: the connection is closed, so a body without a length ends here. */
export function parseResponses(buf: Buffer, methods: readonly string[], ended: boolean): Parse {
  const responses: ParsedResponse[] = [];
  let offset = 0;
  let answered = 0;
  while (offset < buf.length) {
    const headEnd = buf.indexOf('\r\n\r\n', offset);
    if (headEnd === -1) break;
    const lines = buf.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const match = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(lines[0] ?? '');
    if (!match) break;
    const status = Number(match[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const bodyStart = headEnd + 4;
    if (status >= 100 && status < 200 && status !== 101) {
      offset = bodyStart;
      continue;
    }
    const method = methods[answered] ?? 'GET';
    let body: Buffer;
    let end: number;
    if (method === 'HEAD' || status === 204 || status === 304 || status === 101) {
      body = Buffer.alloc(0);
      end = bodyStart;
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const chunked = dechunk(buf, bodyStart);
      if (!chunked) {
        if (!ended) break;
        body = buf.subarray(bodyStart);
        end = buf.length;
      } else {
        ({ body, end } = chunked);
      }
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (buf.length < bodyStart + length && !ended) break;
      body = buf.subarray(bodyStart, bodyStart + length);
      end = Math.min(buf.length, bodyStart + length);
    } else {
      if (!ended) break;
      body = buf.subarray(bodyStart);
      end = buf.length;
    }
    responses.push({ status, headers, body: decoded(body, headers['content-encoding']) });
    answered += 1;
    offset = end;
  }
  return { responses, offset };
}

export interface SendOptions {
  port: number;
  host?: string;
  /** The methods of the requests sent, in order (HEAD answers have no body). */
  methods: readonly string[];
  /** End our side after writing. */
  halfClose?: boolean;
  timeoutMs?: number;
  /** How long to wait for further answers once every request has one. */
  settleMs?: number;
}

export function send(bytes: Buffer, options: SendOptions): Promise<Exchange> {
  const { port, host = '127.0.0.1', methods, halfClose = false, timeoutMs = 20_000, settleMs = 300 } = options;
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let timedOut = false;
    let settled = false;
    let settleTimer: NodeJS.Timeout | null = null;
    const socket = net.connect({ port, host });
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (settleTimer) clearTimeout(settleTimer);
      socket.destroy();
      const buf = Buffer.concat(chunks);
      const { responses, offset } = parseResponses(buf, methods, true);
      resolve({
        responses,
        leftover: buf.length - offset,
        error: responses.length ? null : error,
        timedOut: timedOut && responses.length < methods.length,
        ms: performance.now() - started,
      });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      finish();
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Every request answered: give a pipelined or unasked-for answer a moment, then close.
      if (!settleTimer && parseResponses(Buffer.concat(chunks), methods, false).responses.length >= methods.length) {
        settleTimer = setTimeout(finish, settleMs);
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error = err.code ?? err.message;
    });
    socket.on('close', finish);
    socket.on('connect', () => {
      socket.write(bytes, (err) => {
        if (err) error = (err as NodeJS.ErrnoException).code ?? err.message;
      });
      if (halfClose) socket.end();
    });
  });
}
