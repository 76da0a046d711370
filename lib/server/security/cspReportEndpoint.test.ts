import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { NextApiRequest, NextApiResponse } from 'next';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { CSP_REPORTS_PER_CLIENT, receiveCspReports } from './cspReportEndpoint';

function request(body: string, contentType = 'application/csp-report'): NextApiRequest {
  const stream = Readable.from([Buffer.from(body)]) as unknown as NextApiRequest;
  stream.headers = { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) };
  stream.method = 'POST';
  return stream;
}

function response() {
  const res = {
    statusCode: 200,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    end() {
      return res;
    },
  };
  return res as unknown as NextApiResponse & { statusCode: number };
}

const report = JSON.stringify({
  'csp-report': {
    'document-uri': 'https://s.example/vogue/x/credit-card',
    'effective-directive': 'script-src-elem',
    'blocked-uri': 'https://evil.example/a.js',
  },
});
const rows = (db: Kysely<Database>) => db.selectFrom('csp_reports').selectAll().execute();

describe('receiveCspReports', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await testDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('keeps a violation and answers 204', async () => {
    const res = response();
    await receiveCspReports(request(report), res, db, '203.0.113.1');
    expect(res.statusCode).toBe(204);
    expect(await rows(db)).toEqual([expect.objectContaining({ page: '/vogue/x/credit-card', blocked: 'https://evil.example' })]);
  });

  it('refuses what is not a report, writing nothing', async () => {
    await expect(receiveCspReports(request('{"a":1}'), response(), db, 'c')).rejects.toMatchObject({ status: 400 });
    await expect(receiveCspReports(request('nope'), response(), db, 'c')).rejects.toMatchObject({ status: 400 });
    await expect(receiveCspReports(request(report, 'text/plain'), response(), db, 'c')).rejects.toBeInstanceOf(HttpError);
    expect(await rows(db)).toEqual([]);
  });

  it('keeps at most a bounded number per client and window, still answering 204', async () => {
    for (let i = 0; i < CSP_REPORTS_PER_CLIENT + 5; i += 1) await receiveCspReports(request(report), response(), db, '203.0.113.9');
    const res = response();
    await receiveCspReports(request(report), res, db, '198.51.100.1');
    expect(res.statusCode).toBe(204);
    expect(await rows(db)).toHaveLength(CSP_REPORTS_PER_CLIENT + 1);
  });
});
