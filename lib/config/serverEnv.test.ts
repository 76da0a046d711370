import { describe, expect, it } from 'vitest';
import { parseServerEnv } from './serverEnv';

describe('parseServerEnv', () => {
  it('applies the defaults', () => {
    expect(parseServerEnv({})).toEqual({
      DATABASE_URL: 'file:data/journey.db',
      CATALOGUE_CACHE_TTL_MS: 5000,
      APP_ENV: 'development',
      MAIL_FROM: 'Subscriptions <no-reply@localhost>',
      FUNNEL_API_KEY: 'pj-demo-funnel-key',
    });
  });

  it.each([
    [{ FUNNEL_API_KEY: 'short' }, 'FUNNEL_API_KEY'],
    [{ ANALYTICS_COLLECTOR_URL: 'https://c.{domain}/path' }, 'ANALYTICS_COLLECTOR_URL'],
    [{ TAG_MANAGER_ID: 'UA-1234' }, 'TAG_MANAGER_ID'],
    [{ ONETRUST_CONSENT_ID: 'x' }, 'ONETRUST_CONSENT_ID'],
    [{ FUNNEL_URL: 'ftp://funnel.example.com' }, 'FUNNEL_URL'],
    [{ APP_ENV: 'production', SMTP_URL: 'smtp://mail', PUBLIC_ORIGIN: 'https://s.example.com' }, 'FUNNEL_API_KEY: must be set in production'],
  ])('refuses bad tracking settings %j, naming %s', (env, named) => {
    expect(() => parseServerEnv(env)).toThrow(named);
  });

  it('accepts a collector origin template and a tag-manager id', () => {
    const env = parseServerEnv({ ANALYTICS_COLLECTOR_URL: 'https://c.{domain}', TAG_MANAGER_ID: 'GTM-ABC123', ONETRUST_CONSENT_ID: '0190a1b2-c3d4' });
    expect(env).toMatchObject({ ANALYTICS_COLLECTOR_URL: 'https://c.{domain}', TAG_MANAGER_ID: 'GTM-ABC123' });
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
