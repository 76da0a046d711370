// vitest-isolate: its catalogue script failed in a shared worker in the first whole run; not yet understood
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-cli-'));
const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'journey.db')}` };

function catalogue(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalogue.ts', ...args], { env, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Each case starts tsx in a child process, which a busy machine can take seconds to do.
describe('npm run catalogue', { timeout: 30_000 }, () => {
  it('imports a file, then exports the same catalogue', () => {
    const file = path.join(dir, 'demo.json');
    fs.writeFileSync(file, readDemoCatalogue());
    const imported = catalogue('import', file);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toContain('Imported 5 brands, 11 offers, 9 checkout flows, 7 coupons (catalogue version 1).');

    const exported = catalogue('export');
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout).offers).toEqual(JSON.parse(readDemoCatalogue()).offers);
    // With the brands' default campaigns and the campaigns' dates (vogue/demo-ended has both dates).
    expect(JSON.parse(exported.stdout).checkoutFlows).toEqual(JSON.parse(readDemoCatalogue()).checkoutFlows);
  });

  it('refuses an invalid file, names each bad field and writes nothing', () => {
    const bad = JSON.parse(readDemoCatalogue());
    bad.offers[0].totalAmount = -5;
    bad.checkoutFlows[1].plans = ['2001', '2002', '1001'];
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, JSON.stringify(bad));
    const before = catalogue('export').stdout;

    const result = catalogue('import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Nothing was imported');
    expect(result.stderr).toContain('offers[0].totalAmount: must not be negative');
    expect(result.stderr).toContain('checkoutFlows[1].plans: must name at most 2 offers');
    expect(catalogue('export').stdout).toBe(before);
  });

  it.each([
    [[], /usage/],
    [['import'], /import needs a file/],
    [['import', '/no/such/file.json'], /Cannot read/],
    [['delete'], /usage/],
  ])('answers %o with a message and a non-zero exit', (args, message) => {
    const result = catalogue(...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });
});
