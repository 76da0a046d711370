import { describe, expect, it } from 'vitest';
import { storageTestFiles } from './storageTests.mjs';

describe('storageTestFiles', () => {
  const files = storageTestFiles();

  it('takes every test that gets its database from the testDb fixture, repositories and services alike', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'lib/server/checkout/TransactionRepository.test.ts',
        'lib/server/reports/FunnelReportRepository.test.ts',
        'lib/server/checkout/submitService.test.ts',
      ]),
    );
  });

  it('leaves out tests that touch no database', () => {
    expect(files).not.toContain('lib/server/db/createDb.test.ts');
    expect(files.every((file) => /\.test\.tsx?$/.test(file))).toBe(true);
  });
});
