import { describe, expect, it } from 'vitest';
import { parseServerEnv } from './serverEnv';

describe('parseServerEnv', () => {
  it('applies the defaults', () => {
    expect(parseServerEnv({})).toEqual({ DATABASE_URL: 'file:data/journey.db', CATALOGUE_CACHE_TTL_MS: 5000, APP_ENV: 'development' });
  });

  it('treats blank values as unset', () => {
    expect(parseServerEnv({ DATABASE_URL: '', ADMIN_TOKEN: '' }).DATABASE_URL).toBe('file:data/journey.db');
  });

  it.each([
    [{ CATALOGUE_CACHE_TTL_MS: 'soon' }, 'CATALOGUE_CACHE_TTL_MS'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN'],
    [{ APP_ENV: 'prod' }, 'APP_ENV'],
    [{ SENTRY_DSN: 'not a url' }, 'SENTRY_DSN'],
  ])('names the bad variable in %o', (env, name) => {
    expect(() => parseServerEnv(env)).toThrow(new RegExp(`Invalid server configuration: .*${name}`));
  });
});
