import { describe, expect, it } from 'vitest';
import { parseServerEnv } from './serverEnv';

describe('parseServerEnv', () => {
  it('applies the defaults', () => {
    expect(parseServerEnv({})).toEqual({
      DATABASE_URL: 'file:data/journey.db',
      CATALOGUE_CACHE_TTL_MS: 5000,
      APP_ENV: 'development',
      MAIL_FROM: 'Subscriptions <no-reply@localhost>',
    });
  });

  it('treats blank values as unset', () => {
    expect(parseServerEnv({ DATABASE_URL: '', ADMIN_TOKEN: '' }).DATABASE_URL).toBe('file:data/journey.db');
  });

  it.each([
    [{ CATALOGUE_CACHE_TTL_MS: 'soon' }, 'CATALOGUE_CACHE_TTL_MS'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN'],
    [{ APP_ENV: 'prod' }, 'APP_ENV'],
    [{ SENTRY_DSN: 'not a url' }, 'SENTRY_DSN'],
    [{ STRIPE_SECRET_KEY_TEST: 'sk_live_x', STRIPE_PUBLISHABLE_KEY_TEST: 'pk_test_x' }, 'STRIPE_SECRET_KEY_TEST'],
    [{ STRIPE_SECRET_KEY_TEST: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY_TEST'],
    [{ STRIPE_WEBHOOK_SECRET_LIVE: 'secret' }, 'STRIPE_WEBHOOK_SECRET_LIVE'],
    [{ IDENTITY_ORIGIN: 'https://id.example.com' }, 'IDENTITY_SIGN_IN_URL'],
    [{ IDENTITY_ORIGIN: 'https://id.example.com', IDENTITY_SIGN_IN_URL: 'https://id.example.com/sign-in' }, 'IDENTITY_SIGN_IN_URL'],
    [{ IDENTITY_ORIGIN: 'ftp://id.example.com', IDENTITY_SIGN_IN_URL: 'https://id.example.com/s?r={return}' }, 'IDENTITY_ORIGIN'],
  ])('names the bad variable in %o', (env, name) => {
    expect(() => parseServerEnv(env)).toThrow(new RegExp(`Invalid server configuration: .*${name}`));
  });
});
