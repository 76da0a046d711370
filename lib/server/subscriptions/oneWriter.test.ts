import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const PRODUCT = ['lib', 'pages', 'scripts', 'entrypoint', 'components'];
const STORE = 'lib/server/subscriptions/SubscriptionStore.ts';

/** Kysely's insert and update of a table, and raw SQL's (in sql`` templates or strings). */
const writesOf = (table: string) => [
  new RegExp(`insertInto\\(\\s*['"\`]${table}['"\`]\\s*\\)`),
  new RegExp(`updateTable\\(\\s*['"\`]${table}['"\`]\\s*\\)`),
  new RegExp(`\\binsert\\s+into\\s+["\`]?${table}["\`]?(?![\\w])`, 'i'),
  new RegExp(`\\bupdate\\s+["\`]?${table}["\`]?\\s+set\\b`, 'i'),
];
const WRITES = writesOf('subscriptions');
/** The engine's schedule of each subscription (migration 0046): written by the store too, and nowhere else. */
const SCHEDULE_WRITES = writesOf('subscription_schedule');
/** A test-mode subscription's test clock (migration 0047): written by the store too, with its history row. */
const CLOCK_WRITES = writesOf('subscription_test_clocks');

function sourceFiles(dir: string): string[] {
  const entries = fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : sourceFiles(relative);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [relative] : [];
  });
}

describe('the one writer of subscriptions', () => {
  const files = PRODUCT.filter((dir) => fs.existsSync(path.join(ROOT, dir))).flatMap(sourceFiles);

  it('reads the whole product source, the store among it', () => {
    expect(files).toContain(STORE);
    expect(files.length).toBeGreaterThan(100);
  });

  it('finds inserts and updates of subscriptions in SubscriptionStore.ts only (migrations and tests aside)', () => {
    const writers = files.filter((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      return WRITES.some((write) => write.test(text));
    });
    expect(writers).toEqual([STORE]);
  });

  it('finds inserts and updates of subscription_schedule in SubscriptionStore.ts only (migrations and tests aside)', () => {
    const writers = files.filter((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      return SCHEDULE_WRITES.some((write) => write.test(text));
    });
    expect(writers).toEqual([STORE]);
  });

  it('finds inserts and updates of subscription_test_clocks in SubscriptionStore.ts only (migrations and tests aside)', () => {
    const writers = files.filter((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      return CLOCK_WRITES.some((write) => write.test(text));
    });
    expect(writers).toEqual([STORE]);
  });

  it('would see a raw SQL write as well as a query builder one', () => {
    const samples = [
      "db.updateTable('subscriptions')",
      "db.insertInto('subscriptions')",
      'sql`UPDATE subscriptions SET status = ${status}`',
      'sql`insert into "subscriptions" (id) values (${id})`',
    ];
    for (const sample of samples) expect(WRITES.some((write) => write.test(sample))).toBe(true);
    expect(WRITES.some((write) => write.test("db.updateTable('subscription_notices')"))).toBe(false);
    expect(WRITES.some((write) => write.test('insert into subscription_history'))).toBe(false);
    expect(WRITES.some((write) => write.test("db.updateTable('subscription_schedule')"))).toBe(false);
    expect(SCHEDULE_WRITES.some((write) => write.test("db.updateTable('subscription_schedule')"))).toBe(true);
    expect(SCHEDULE_WRITES.some((write) => write.test('update subscription_schedule set lease_until = null'))).toBe(true);
    expect(WRITES.some((write) => write.test("db.insertInto('subscription_test_clocks')"))).toBe(false);
    expect(CLOCK_WRITES.some((write) => write.test("trx.insertInto('subscription_test_clocks')"))).toBe(true);
  });
});
