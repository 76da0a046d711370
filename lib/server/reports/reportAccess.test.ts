import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { SECRET_FAILURES_MAX } from '@/lib/server/http/secretAttempts';
import { basicAuthPassword, presentedReportPassword, reportAccess } from './reportAccess';

const PASSWORD = 'marketing-report-password';
const ADMIN_TOKEN = 'a-long-admin-token-0123456789';
const basic = (userAndPassword: string) => `Basic ${Buffer.from(userAndPassword, 'utf8').toString('base64')}`;

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const request = (authorization: string | undefined, address = '192.0.2.10') => ({
  headers: authorization === undefined ? {} : { authorization },
  socket: { remoteAddress: address },
});
const env = { REPORT_PASSWORD: PASSWORD, TRUSTED_PROXY_HOPS: 0, TRUSTED_PROXIES: [] } as const;

describe('reportAccess', () => {
  it.each<[string, string | undefined, string]>([
    ['any user name with the password', basic(`marketing:${PASSWORD}`), 'granted'],
    ['an empty user name with the password', basic(`:${PASSWORD}`), 'granted'],
    ['the scheme in lower case', basic(`m:${PASSWORD}`).replace('Basic', 'basic'), 'granted'],
    ['no header', undefined, 'unauthorized'],
    ['a wrong password', basic('marketing:guess'), 'unauthorized'],
    ['the password with a character more', basic(`m:${PASSWORD}x`), 'unauthorized'],
    ['the password as user name', basic(`${PASSWORD}:`), 'unauthorized'],
    ['the password as a bearer token', `Bearer ${PASSWORD}`, 'unauthorized'],
    ['no colon', basic(PASSWORD), 'unauthorized'],
    ["the operators' ADMIN_TOKEN", basic(`m:${ADMIN_TOKEN}`), 'unauthorized'],
  ])('%s: %s', async (_name, header, access) => {
    expect(await reportAccess(db, request(header), env)).toEqual({ kind: access });
  });

  it.each([undefined, ''])('is disabled without REPORT_PASSWORD (%j), whatever is sent, the admin token too', async (password) => {
    expect(
      await reportAccess(db, request(basic(`m:${ADMIN_TOKEN}`)), { REPORT_PASSWORD: password, TRUSTED_PROXY_HOPS: 0, TRUSTED_PROXIES: [] }),
    ).toEqual({
      kind: 'disabled',
    });
  });

  it(`is throttled per client after ${SECRET_FAILURES_MAX} wrong passwords, the right one too; successes do not count`, async () => {
    for (let i = 0; i < 2 * SECRET_FAILURES_MAX; i += 1)
      expect(await reportAccess(db, request(basic(`m:${PASSWORD}`)), env)).toEqual({ kind: 'granted' });
    for (let i = 0; i < SECRET_FAILURES_MAX; i += 1)
      expect(await reportAccess(db, request(basic('m:guess')), env)).toEqual({ kind: 'unauthorized' });
    expect(await reportAccess(db, request(basic(`m:${PASSWORD}`)), env)).toEqual({
      kind: 'throttled',
      retryAfterSeconds: expect.any(Number),
    });
    expect(await reportAccess(db, request(basic(`m:${PASSWORD}`), '192.0.2.11'), env)).toEqual({ kind: 'granted' });
  });
});

describe('presentedReportPassword', () => {
  it.each<[string | undefined, string | null]>([
    [basic(`m:${PASSWORD}`), PASSWORD],
    [`Bearer ${PASSWORD}`, ''],
    ['Basic not base64!', ''],
    [undefined, null],
  ])('reads %s', (header, password) => {
    expect(presentedReportPassword(header)).toBe(password);
  });
});

describe('basicAuthPassword', () => {
  it.each<[string | undefined, string | null]>([
    [basic('user:pass:with:colons'), 'pass:with:colons'],
    [basic('user:pässwörd'), 'pässwörd'],
    [basic('user:'), ''],
    ['Basic', null],
    ['Basic not base64!', null],
    ['Digest abc', null],
    [undefined, null],
  ])('reads %s', (header, password) => {
    expect(basicAuthPassword(header)).toBe(password);
  });
});
