import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { checkSecret, SECRET_FAILURES_MAX, SECRET_FAILURES_WINDOW_MS, waitInWords } from './secretAttempts';

const SECRET = 'the-right-secret-0123';
let db: Kysely<Database>;
let clock: number;
const now = () => new Date(clock);

beforeEach(async () => {
  db = await testDb();
  // Five minutes into a window.
  clock = Math.ceil(Date.parse('2026-11-21T12:00:00Z') / SECRET_FAILURES_WINDOW_MS) * SECRET_FAILURES_WINDOW_MS + 5 * 60_000;
});
afterEach(async () => db.destroy());

const attempt = (presented: string | null, bucket = 'report:192.0.2.1') => checkSecret(db, { bucket, presented, expected: SECRET, now });

describe('checkSecret', () => {
  it('grants the secret and refuses anything else, down to one character', async () => {
    expect(await attempt(SECRET)).toEqual({ outcome: 'granted' });
    for (const wrong of ['', 'guess', `${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase()])
      expect(await attempt(wrong)).toEqual({ outcome: 'refused' });
  });

  it(`throttles a client after ${SECRET_FAILURES_MAX} failures until the window ends, the right secret too`, async () => {
    for (let i = 0; i < SECRET_FAILURES_MAX; i += 1) expect(await attempt('guess')).toEqual({ outcome: 'refused' });
    // Ten minutes left in the fifteen-minute window.
    expect(await attempt('guess')).toEqual({ outcome: 'throttled', retryAfterSeconds: 600 });
    expect(await attempt(SECRET)).toEqual({ outcome: 'throttled', retryAfterSeconds: 600 });
    // Other clients are not affected.
    expect(await attempt(SECRET, 'report:192.0.2.2')).toEqual({ outcome: 'granted' });
    clock += 10 * 60_000;
    expect(await attempt(SECRET)).toEqual({ outcome: 'granted' });
  });

  it('counts only failures: successes never bring a client nearer the limit', async () => {
    for (let i = 0; i < 3 * SECRET_FAILURES_MAX; i += 1) expect(await attempt(SECRET)).toEqual({ outcome: 'granted' });
    for (let i = 0; i < SECRET_FAILURES_MAX - 1; i += 1) expect(await attempt('guess')).toEqual({ outcome: 'refused' });
    expect(await attempt(SECRET)).toEqual({ outcome: 'granted' });
    expect(await attempt('guess')).toEqual({ outcome: 'refused' });
    expect(await attempt(SECRET)).toMatchObject({ outcome: 'throttled' });
    const rows = await db.selectFrom('rate_limits').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ bucket: 'secret-failures:report:192.0.2.1', count: SECRET_FAILURES_MAX })]);
  });

  it('does not count a request that presents no secret at all (a browser before it asks for the password)', async () => {
    for (let i = 0; i < 3 * SECRET_FAILURES_MAX; i += 1) expect(await attempt(null)).toEqual({ outcome: 'refused' });
    expect(await attempt(SECRET)).toEqual({ outcome: 'granted' });
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toEqual([expect.objectContaining({ count: 0 })]);
  });

  it('counts parallel guesses one by one, so that a burst cannot slip past the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => attempt('guess')));
    expect(answers.filter((answer) => answer.outcome === 'refused')).toHaveLength(SECRET_FAILURES_MAX);
    expect(await attempt(SECRET)).toMatchObject({ outcome: 'throttled' });
  });
});

describe('waitInWords', () => {
  it.each([
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%i seconds: %s', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});
