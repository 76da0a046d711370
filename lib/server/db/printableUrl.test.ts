import { describe, expect, it } from 'vitest';
import { printableDatabaseUrl } from './printableUrl';

describe('printableDatabaseUrl', () => {
  it.each([
    ['postgres://journey:s3cret@db.internal:5432/journey', 'postgres://journey:***@db.internal:5432/journey'],
    ['postgres://journey@db.internal/journey', 'postgres://journey@db.internal/journey'],
    ['file:data/journey.db', 'file:data/journey.db'],
    ['not a url', 'not a url'],
  ])('%s shows as %s', (url, shown) => {
    expect(printableDatabaseUrl(url)).toBe(shown);
  });
});
