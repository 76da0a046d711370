import { describe, expect, it } from 'vitest';
import { isTransientDatabaseError } from './transientDatabaseError';

const withCode = (code: string) => Object.assign(new Error('database error'), { code });

describe('isTransientDatabaseError', () => {
  it.each([
    '08006',
    '08001',
    '53300',
    '57P01',
    '57P03',
    '40001',
    '40P01',
    'SQLITE_BUSY',
    'SQLITE_LOCKED_SHAREDCACHE',
    'ECONNREFUSED',
    'ECONNRESET',
  ])('%s is a moment away', (code) => {
    expect(isTransientDatabaseError(withCode(code))).toBe(true);
  });

  it("reads pg's pool timeout and a lost connection from their words, and a cause underneath", () => {
    expect(isTransientDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDatabaseError(new Error('query failed', { cause: withCode('57P01') }))).toBe(true);
  });

  it.each(['42883', '23505', '22P02', '57014', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR'])('%s is a mistake, not a moment', (code) => {
    expect(isTransientDatabaseError(withCode(code))).toBe(false);
  });

  it('knows nothing else as transient', () => {
    expect(isTransientDatabaseError(new Error('boom'))).toBe(false);
    expect(isTransientDatabaseError(null)).toBe(false);
    expect(isTransientDatabaseError('ECONNREFUSED')).toBe(false);
  });
});
