import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Kysely } from 'kysely';
import type { NextApiRequest, NextApiResponse } from 'next';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { CSP_NEW_VIOLATIONS_PER_CLIENT, CSP_REPORTS_PER_CLIENT, receiveCspReports } from './cspReportEndpoint';

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

const reportOf = (blocked: string, page = '/vogue/x/credit-card') =>
  JSON.stringify({
    'csp-report': { 'document-uri': `https://s.example${page}`, 'effective-directive': 'script-src-elem', 'blocked-uri': blocked },
  });
const report = reportOf('https://evil.example/a.js');
const rows = (db: Kysely<Database>) => db.selectFrom('csp_violations').selectAll().orderBy('id').execute();
const total = async (db: Kysely<Database>) => (await rows(db)).reduce((sum, row) => sum + Number(row.count), 0);

describe('receiveCspReports', () => {
  let db: Kysely<Database>;
  let alerts: MockInstance<typeof console.error>;
  const alerted = () => alerts.mock.calls.map((call) => String(call[0]));
  beforeEach(async () => {
    db = await testDb();
    alerts = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(async () => {
    alerts.mockRestore();
    await db.destroy();
  });

  it('keeps a violation and answers 204', async () => {
    const res = response();
    await receiveCspReports(request(report), res, db, '203.0.113.1');
    expect(res.statusCode).toBe(204);
    expect(await rows(db)).toEqual([expect.objectContaining({ page: '/vogue/x/credit-card', blocked: 'https://evil.example', count: 1 })]);
  });

  it('refuses what is not a report, writing nothing', async () => {
    await expect(receiveCspReports(request('{"a":1}'), response(), db, 'c')).rejects.toMatchObject({ status: 400 });
    await expect(receiveCspReports(request('nope'), response(), db, 'c')).rejects.toMatchObject({ status: 400 });
    await expect(receiveCspReports(request(report, 'text/plain'), response(), db, 'c')).rejects.toBeInstanceOf(HttpError);
    expect(await rows(db)).toEqual([]);
  });

  it('counts at most a bounded number per client and window, still answering 204', async () => {
    for (let i = 0; i < CSP_REPORTS_PER_CLIENT + 5; i += 1) await receiveCspReports(request(report), response(), db, '203.0.113.9');
    const res = response();
    await receiveCspReports(request(report), res, db, '198.51.100.1');
    expect(res.statusCode).toBe(204);
    expect(await total(db)).toBe(CSP_REPORTS_PER_CLIENT + 1);
  });

  it('keeps a flood of one forged violation as one counted row, and alerts about a different real one arriving after it (finding 8)', async () => {
    for (let i = 0; i < 150; i += 1) await receiveCspReports(request(report), response(), db, `203.0.113.${i % 100}`);
    expect(await rows(db)).toEqual([expect.objectContaining({ blocked: 'https://evil.example', count: 150 })]);
    expect(alerted()).toEqual([
      expect.stringMatching(
        /^\[security\] csp-violation: new Content-Security-Policy violation on "\/vogue\/x\/credit-card": "script-src-elem" blocked "https:\/\/evil\.example"/,
      ),
    ]);

    await receiveCspReports(request(reportOf('https://skimmer.example/x.js')), response(), db, '198.51.100.7');
    expect(await rows(db)).toEqual([
      expect.objectContaining({ blocked: 'https://evil.example', count: 150 }),
      expect.objectContaining({ blocked: 'https://skimmer.example', count: 1 }),
    ]);
    expect(alerted()).toHaveLength(2);
    expect(alerted()[1]).toContain('blocked "https://skimmer.example"');
  });

  it(`lets one client add at most ${CSP_NEW_VIOLATIONS_PER_CLIENT} new violations an hour, so that it cannot bury the list or the alerts`, async () => {
    for (let i = 0; i < CSP_NEW_VIOLATIONS_PER_CLIENT + 10; i += 1) {
      await receiveCspReports(request(reportOf(`https://forged-${i}.example/a.js`)), response(), db, '203.0.113.9');
    }
    expect(await rows(db)).toHaveLength(CSP_NEW_VIOLATIONS_PER_CLIENT);
    expect(alerted()).toHaveLength(CSP_NEW_VIOLATIONS_PER_CLIENT);
    // Known violations are still counted from it; another client's new one is kept and alerts.
    await receiveCspReports(request(reportOf('https://forged-0.example/a.js')), response(), db, '203.0.113.9');
    await receiveCspReports(request(reportOf('https://skimmer.example/x.js')), response(), db, '198.51.100.7');
    expect(await total(db)).toBe(CSP_NEW_VIOLATIONS_PER_CLIENT + 2);
    expect(alerted()).toHaveLength(CSP_NEW_VIOLATIONS_PER_CLIENT + 1);
  });

  it('quotes what a report says in its alert, so that a forged directive cannot write lines of its own into the log', async () => {
    const forged = JSON.stringify({
      'csp-report': {
        'document-uri': 'https://s.example/p',
        'effective-directive': 'script-src\n[security] all clear',
        'blocked-uri': 'inline',
      },
    });
    await receiveCspReports(request(forged), response(), db, '203.0.113.1');
    expect(alerted()).toHaveLength(1);
    expect(alerted()[0]).not.toContain('\n');
  });
});
