import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { IdentityService, LINKS_PER_EMAIL_AND_CLIENT } from './IdentityService';
import type { Mailer } from './Mailer';

/** Sign-in links' limits per client count test-mode requests apart from live ones; the address's ceilings do not. */
let db: Kysely<Database>;
const now = () => new Date('2026-11-21T12:00:00Z');
const mailer: Mailer = { send: async () => undefined };
let identity: IdentityService;

beforeEach(async () => {
  db = await testDb();
  identity = new IdentityService(db, mailer, now, { linksPerIp: 3 });
});
afterEach(async () => db.destroy());

const ask = (email: string, ip: string, livemode?: boolean) =>
  identity.requestLink({
    email,
    purpose: 'sign-in',
    returnPath: '/account',
    ip,
    livemode,
    origin: 'http://localhost:3000',
    completePath: '/account/sign-in/complete',
    brandName: 'your account',
  });

describe('sign-in links: test mode and live are separate budgets', () => {
  it("a client's spent test budget leaves its live one whole, and the other way round", async () => {
    for (let i = 0; i < 3; i += 1) expect(await ask(`qa${i}@example.com`, '203.0.113.5', false)).toBe('sent');
    expect(await ask('qa9@example.com', '203.0.113.5', false)).toBe('rate_limited');
    expect(await ask('buyer@example.com', '203.0.113.5', true)).toBe('sent');

    for (let i = 0; i < 3; i += 1) expect(await ask(`live${i}@example.com`, '203.0.113.6')).toBe('sent');
    expect(await ask('live9@example.com', '203.0.113.6', true)).toBe('rate_limited');
    expect(await ask('qa@example.com', '203.0.113.6', false)).toBe('sent');
  });

  it('so do the links to one address from one client', async () => {
    identity = new IdentityService(db, mailer, now, { linksPerIp: 100 });
    for (let i = 0; i < LINKS_PER_EMAIL_AND_CLIENT; i += 1) expect(await ask('qa@example.com', '198.51.100.1', false)).toBe('sent');
    expect(await ask('qa@example.com', '198.51.100.1', false)).toBe('rate_limited');
    expect(await ask('qa@example.com', '198.51.100.1', true)).toBe('sent');
  });

  it('counts test requests under test: names, and live ones under the names they always had', async () => {
    await ask('qa@example.com', '198.51.100.2', false);
    await ask('qa@example.com', '198.51.100.3', true);
    const buckets = (await db.selectFrom('rate_limits').select('bucket').execute()).map((row) => row.bucket).sort();
    expect(buckets.filter((bucket) => bucket.includes('198.51.100.2')).every((bucket) => bucket.startsWith('test:link:'))).toBe(true);
    expect(buckets).toContain('link:ip:198.51.100.3');
    // The address's ceilings bound one mailbox's mail, whatever the mode: one count for both.
    expect(buckets.filter((bucket) => bucket.startsWith('link:email:'))).toHaveLength(1);
  });
});
