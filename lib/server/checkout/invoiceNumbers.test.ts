import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sellerById, type SellerEntry } from '@/lib/invoices/seller';
import { createDb, migrateToLatest } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { testDb, twoPostgresInstances } from '@/tests/fixtures/testDb';
import { nextDocumentNumber, nextInvoiceNumber } from './invoiceNumbers';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const US = sellerById('demo-us')!;
const DE = sellerById('demo-de')!;
const day = (date: string) => new Date(`${date}T12:00:00.000Z`);
const take = (seller: SellerEntry | null, at: Date, livemode = true) =>
  db.transaction().execute((trx) => nextInvoiceNumber(trx, livemode, at, seller));

describe('nextDocumentNumber', () => {
  it("numbers a seller's invoices in its own series from its first day, the global series before it", async () => {
    expect(US.seriesFrom).toBe('2026-12-03');
    expect(await take(US, day('2026-12-02'))).toBe('INV-2026-000001');
    expect(await take(US, day('2026-12-03'))).toBe('US-2026-000001');
    expect(await take(US, day('2026-12-03'))).toBe('US-2026-000002');
    // Without a seller, the global series goes on where it was: nothing is renumbered.
    expect(await take(null, day('2026-12-03'))).toBe('INV-2026-000002');
  });

  it('gives each seller, mode, year and kind a series of its own', async () => {
    expect(await take(US, day('2026-12-10'))).toBe('US-2026-000001');
    expect(await take(DE, day('2026-12-10'))).toBe('DE-2026-000001');
    expect(await take(US, day('2026-12-10'), false)).toBe('US-TEST-2026-000001');
    expect(await take(US, day('2027-01-02'))).toBe('US-2027-000001');
    const credit = await db.transaction().execute((trx) => nextDocumentNumber(trx, 'credit-note', true, day('2026-12-10'), US));
    expect(credit).toBe('US-CN-2026-000001');
    expect(await take(US, day('2026-12-10'))).toBe('US-2026-000002');
  });

  it('stays gapless under many numberings at once on one instance', async () => {
    const numbers = await Promise.all(Array.from({ length: 30 }, () => take(US, day('2026-12-10'))));
    expect(numbers.sort()).toEqual(Array.from({ length: 30 }, (_, n) => `US-2026-${String(n + 1).padStart(6, '0')}`));
  });

  it('stays gapless under two instances numbering at once', async () => {
    const numbers = (await twoInstancesNumbering(150)).sort();
    expect(numbers).toEqual(Array.from({ length: 300 }, (_, n) => `US-2026-${String(n + 1).padStart(6, '0')}`));
  }, 60_000);
});

/**
 * Two server instances sharing one database, each taking `count` of the US seller's numbers
 * at once: on PostgreSQL two pools of their own; on SQLite two processes on one file, as two
 * servers on one volume are.
 */
async function twoInstancesNumbering(count: number): Promise<string[]> {
  const postgres = await twoPostgresInstances();
  if (postgres) {
    const run = (instance: Kysely<Database>) =>
      Promise.all(
        Array.from({ length: count }, () => instance.transaction().execute((trx) => nextInvoiceNumber(trx, true, day('2026-12-10'), US))),
      );
    const [one, two] = await Promise.all(postgres.map(run));
    return [...one!, ...two!];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-series-'));
  try {
    const file = path.join(dir, 'shared.db');
    const setup = createDb({ dialect: 'sqlite', filename: file });
    await migrateToLatest(setup);
    await setup.destroy();
    const worker = path.resolve('tests/fixtures/invoiceNumberWorker.ts');
    const tsx = path.resolve('node_modules/.bin/tsx');
    const run = () => promisify(execFile)(tsx, [worker, file, US.id, String(count)]).then(({ stdout }) => JSON.parse(stdout) as string[]);
    const [one, two] = await Promise.all([run(), run()]);
    return [...one, ...two];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
