import type { IncomingMessage } from 'node:http';
import { HttpError } from './HttpError';

/** Reads a request body as bytes (signatures are over the exact bytes), up to a limit. */
export async function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limitBytes) throw new HttpError(413, 'payload_too_large', `The request body is larger than ${limitBytes} bytes.`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
