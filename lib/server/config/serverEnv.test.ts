import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from './serverEnv';

/** A production start with everything it needs (the card only, with its live keys). */
const PRODUCTION = {
  APP_ENV: 'production',
  SMTP_URL: 'smtp://mail',
  PUBLIC_ORIGIN: 'https://subscribe.example.com',
  FUNNEL_API_KEY: 'a-real-funnel-key',
  PAYMENT_METHODS: 'card',
  STRIPE_SECRET_KEY_LIVE: 'sk_live_456',
  STRIPE_PUBLISHABLE_KEY_LIVE: 'pk_live_456',
  OPERATOR_SECRET_KEY: 'ab'.repeat(32),
};

describe('parseServerEnv', () => {
  it('applies the defaults', () => {
    // Each limit and age has its default asserted beside its own tests; these are the core ones.
    expect(parseServerEnv({})).toMatchObject({
      DATABASE_URL: 'file:data/journey.db',
      CATALOGUE_CACHE_TTL_MS: 5000,
      APP_ENV: 'development',
      MAIL_FROM: 'Subscriptions <no-reply@localhost>',
      PAYPAL_API_BASE_LIVE: 'https://api-m.paypal.com',
      PAYPAL_API_BASE_TEST: 'https://api-m.sandbox.paypal.com',
      AMAZON_PAY_REGION: 'na',
      PAYMENTS_SANDBOX: false,
      PAYMENT_METHODS: ['card', 'paypal', 'amazon-pay'],
      FUNNEL_API_KEY: 'pj-demo-funnel-key',
      TRUSTED_PROXY_HOPS: 0,
      TRUSTED_PROXIES: [],
    });
  });

  it('honours forwarded addresses only from the proxies named, and needs them with TRUSTED_PROXY_HOPS', () => {
    expect(parseServerEnv({ TRUSTED_PROXIES: '127.0.0.1, ::1,10.0.0.0/8', TRUSTED_PROXY_HOPS: '1' })).toMatchObject({
      TRUSTED_PROXIES: ['127.0.0.1/32', '0:0:0:0:0:0:0:1/128', '10.0.0.0/8'],
      TRUSTED_PROXY_HOPS: 1,
    });
    // Finding 4: a hop count alone trusted X-Forwarded-For from whoever reached the port.
    expect(() => parseServerEnv({ TRUSTED_PROXY_HOPS: '1' })).toThrow('TRUSTED_PROXIES: is needed with TRUSTED_PROXY_HOPS');
    expect(() => parseServerEnv({ TRUSTED_PROXIES: '127.0.0.1' })).toThrow('TRUSTED_PROXY_HOPS: must be at least 1 with TRUSTED_PROXIES');
    expect(() => parseServerEnv({ TRUSTED_PROXIES: 'nginx', TRUSTED_PROXY_HOPS: '1' })).toThrow(
      'TRUSTED_PROXIES: "nginx" is not an IP address or CIDR range',
    );
    expect(parseServerEnv({ LISTEN_HOST: '10.0.0.12' }).LISTEN_HOST).toBe('10.0.0.12');
    expect(() => parseServerEnv({ LISTEN_HOST: 'localhost' })).toThrow('LISTEN_HOST: must be an IP address');
  });

  it("reads the edge's geolocation from CloudFront's headers unless told other header names, lower-cased", () => {
    expect(parseServerEnv({})).toMatchObject({
      GEO_COUNTRY_HEADER: 'cloudfront-viewer-country',
      GEO_REGION_HEADER: 'cloudfront-viewer-country-region',
    });
    expect(parseServerEnv({ GEO_COUNTRY_HEADER: ' CF-IPCountry ', GEO_REGION_HEADER: 'cf-region-code' })).toMatchObject({
      GEO_COUNTRY_HEADER: 'cf-ipcountry',
      GEO_REGION_HEADER: 'cf-region-code',
    });
    for (const name of ['CF-IPCountry: DE', 'X Country', 'x_country', 'é', 'x'.repeat(65)]) {
      expect(() => parseServerEnv({ GEO_COUNTRY_HEADER: name })).toThrow('GEO_COUNTRY_HEADER: must be a header name');
      expect(() => parseServerEnv({ GEO_REGION_HEADER: name })).toThrow('GEO_REGION_HEADER: must be a header name');
    }
  });

  it.each([
    [{ FUNNEL_API_KEY: 'short' }, 'FUNNEL_API_KEY'],
    [{ ANALYTICS_COLLECTOR_URL: 'https://c.{domain}/path' }, 'ANALYTICS_COLLECTOR_URL'],
    [{ TAG_MANAGER_ID: 'UA-1234' }, 'TAG_MANAGER_ID'],
    [{ ONETRUST_CONSENT_ID: 'x' }, 'ONETRUST_CONSENT_ID'],
    [{ CONSENT_POLICY: 'eu' }, 'CONSENT_POLICY: must be one of anonymous-first, strict'],
    [{ FUNNEL_URL: 'ftp://funnel.example.com' }, 'FUNNEL_URL'],
    [
      { APP_ENV: 'production', SMTP_URL: 'smtp://mail', PUBLIC_ORIGIN: 'https://s.example.com' },
      'FUNNEL_API_KEY: must be set in production',
    ],
  ])('refuses bad tracking settings %j, naming %s', (env, named) => {
    expect(() => parseServerEnv(env)).toThrow(named);
  });

  it('reconciles lost checkout answers after 60 s, every 30 s, and injects a sandbox fault only with the sandbox on', () => {
    expect(parseServerEnv({})).toMatchObject({ CHECKOUT_RECONCILE_GRACE_SECONDS: 60, CHECKOUT_RECONCILE_INTERVAL_SECONDS: 30 });
    expect(parseServerEnv({ PAYMENTS_SANDBOX: '1' }).SANDBOX_FAULT).toBeUndefined();
    expect(parseServerEnv({ PAYMENTS_SANDBOX: '1', SANDBOX_FAULT: 'kill-after-charge' }).SANDBOX_FAULT).toBe('kill-after-charge');
    expect(() => parseServerEnv({ SANDBOX_FAULT: 'kill-after-charge' })).toThrow('SANDBOX_FAULT: needs PAYMENTS_SANDBOX=1');
    expect(() => parseServerEnv({ PAYMENTS_SANDBOX: '1', SANDBOX_FAULT: 'crash' })).toThrow('SANDBOX_FAULT');
    expect(() => parseServerEnv({ CHECKOUT_RECONCILE_GRACE_SECONDS: '0' })).toThrow('CHECKOUT_RECONCILE_GRACE_SECONDS');
  });

  it('leases claimed renewals for 5 minutes, and slows or kills the sandbox during renewals only with the sandbox on', () => {
    expect(parseServerEnv({})).toMatchObject({ RENEWAL_LEASE_SECONDS: 300, SANDBOX_LATENCY_MS: 0, SANDBOX_FAULT_AFTER: 100 });
    expect(parseServerEnv({ RENEWAL_LEASE_SECONDS: '2' }).RENEWAL_LEASE_SECONDS).toBe(2);
    expect(() => parseServerEnv({ RENEWAL_LEASE_SECONDS: '0' })).toThrow('RENEWAL_LEASE_SECONDS');
    expect(
      parseServerEnv({
        PAYMENTS_SANDBOX: '1',
        SANDBOX_FAULT: 'kill-during-renewals',
        SANDBOX_FAULT_AFTER: '40',
        SANDBOX_LATENCY_MS: '300',
      }),
    ).toMatchObject({ SANDBOX_FAULT: 'kill-during-renewals', SANDBOX_FAULT_AFTER: 40, SANDBOX_LATENCY_MS: 300 });
    expect(() => parseServerEnv({ SANDBOX_LATENCY_MS: '300' })).toThrow('SANDBOX_LATENCY_MS: needs PAYMENTS_SANDBOX=1');
  });

  it('purges daily unless PURGE_INTERVAL_SECONDS says otherwise, 0 leaving it to cron, at most weekly', () => {
    expect(parseServerEnv({}).PURGE_INTERVAL_SECONDS).toBe(86_400);
    expect(parseServerEnv({ PURGE_INTERVAL_SECONDS: '0' }).PURGE_INTERVAL_SECONDS).toBe(0);
    expect(parseServerEnv({ PURGE_INTERVAL_SECONDS: '3600' }).PURGE_INTERVAL_SECONDS).toBe(3600);
    expect(() => parseServerEnv({ PURGE_INTERVAL_SECONDS: '700000' })).toThrow('PURGE_INTERVAL_SECONDS: must be at most 604800');
    expect(() => parseServerEnv({ PURGE_INTERVAL_SECONDS: 'daily' })).toThrow('PURGE_INTERVAL_SECONDS');
  });

  it('ends unused sessions after a day unless SESSION_IDLE_MINUTES says otherwise, between 15 minutes and 30 days', () => {
    expect(parseServerEnv({}).SESSION_IDLE_MINUTES).toBe(1440);
    expect(parseServerEnv({ SESSION_IDLE_MINUTES: '60' }).SESSION_IDLE_MINUTES).toBe(60);
    expect(() => parseServerEnv({ SESSION_IDLE_MINUTES: '5' })).toThrow('SESSION_IDLE_MINUTES: must be at least 15 minutes');
    expect(() => parseServerEnv({ SESSION_IDLE_MINUTES: '50000' })).toThrow('SESSION_IDLE_MINUTES: must be at most 43200');
    expect(() => parseServerEnv({ SESSION_IDLE_MINUTES: 'a day' })).toThrow('SESSION_IDLE_MINUTES');
  });

  it('takes the consent policy, anonymous-first unless set', () => {
    expect(parseServerEnv({}).CONSENT_POLICY).toBe('anonymous-first');
    expect(parseServerEnv({ CONSENT_POLICY: 'strict' }).CONSENT_POLICY).toBe('strict');
  });

  it('accepts a collector origin template and a tag-manager id', () => {
    const env = parseServerEnv({
      ANALYTICS_COLLECTOR_URL: 'https://c.{domain}',
      TAG_MANAGER_ID: 'GTM-ABC123',
      ONETRUST_CONSENT_ID: '0190a1b2-c3d4',
    });
    expect(env).toMatchObject({ ANALYTICS_COLLECTOR_URL: 'https://c.{domain}', TAG_MANAGER_ID: 'GTM-ABC123' });
  });

  it('treats blank values as unset', () => {
    expect(parseServerEnv({ DATABASE_URL: '', OPERATOR_SECRET_KEY: '' }).DATABASE_URL).toBe('file:data/journey.db');
  });

  it.each([
    [{ CATALOGUE_CACHE_TTL_MS: 'soon' }, 'CATALOGUE_CACHE_TTL_MS'],
    [{ OPERATOR_SECRET_KEY: 'short' }, 'OPERATOR_SECRET_KEY'],
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

  const AMAZON_TEST = {
    AMAZON_PAY_MERCHANT_ID_TEST: 'A2MERCHANT0001',
    AMAZON_PAY_STORE_ID_TEST: `amzn1.application-oa2-client.${'a'.repeat(32)}`,
    AMAZON_PAY_PUBLIC_KEY_ID_TEST: 'SANDBOX-AHKEY0000001',
    AMAZON_PAY_PRIVATE_KEY_TEST: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  };

  it.each<[Record<string, string>, string]>([
    [{ PAYPAL_CLIENT_ID_TEST: 'AbCdEfGhIjKlMnOp' }, 'PAYPAL_CLIENT_SECRET_TEST: is needed together with PAYPAL_CLIENT_ID_TEST'],
    [{ PAYPAL_CLIENT_SECRET_LIVE: 'secret-secret-secret' }, 'PAYPAL_CLIENT_ID_LIVE: is needed together with PAYPAL_CLIENT_SECRET_LIVE'],
    [{ PAYPAL_WEBHOOK_ID_TEST: 'WH-12345' }, 'PAYPAL_CLIENT_ID_TEST: is needed together with PAYPAL_WEBHOOK_ID_TEST'],
    [
      {
        PAYPAL_CLIENT_ID_LIVE: 'AbCdEfGhIjKlMnOp',
        PAYPAL_CLIENT_SECRET_LIVE: 'secret-secret-secret',
        PAYPAL_CLIENT_ID_TEST: 'AbCdEfGhIjKlMnOq',
        PAYPAL_CLIENT_SECRET_TEST: 'secret-secret-secreu',
        PAYPAL_WEBHOOK_ID_LIVE: 'WH-12345',
        PAYPAL_WEBHOOK_ID_TEST: 'WH-12345',
      },
      'PAYPAL_WEBHOOK_ID_TEST: must differ from PAYPAL_WEBHOOK_ID_LIVE',
    ],
    [
      { ...AMAZON_TEST, AMAZON_PAY_PRIVATE_KEY_TEST: '' },
      'AMAZON_PAY_PRIVATE_KEY_TEST: is needed together with AMAZON_PAY_MERCHANT_ID_TEST, AMAZON_PAY_STORE_ID_TEST, AMAZON_PAY_PUBLIC_KEY_ID_TEST',
    ],
    [{ AMAZON_PAY_STORE_ID_LIVE: 'amzn1.application-oa2-client.nothex' }, 'AMAZON_PAY_STORE_ID_LIVE: must be an Amazon Pay store id'],
    [{ AMAZON_PAY_REGION: 'us' }, 'AMAZON_PAY_REGION'],
    [
      { ...AMAZON_TEST, AMAZON_PAY_PRIVATE_KEY_TEST: '-----BEGIN PRIVATE KEY-----\\nnot a key\\n-----END PRIVATE KEY-----' },
      'AMAZON_PAY_PRIVATE_KEY_TEST: is not a readable PEM private key',
    ],
    [
      { ...AMAZON_TEST, AMAZON_PAY_SNS_TOPIC_ARN_TEST: 'https://sns.us-east-1.amazonaws.com/topic' },
      'AMAZON_PAY_SNS_TOPIC_ARN_TEST.0: must be SNS topic ARNs',
    ],
    [
      { AMAZON_PAY_SNS_TOPIC_ARN_LIVE: 'arn:aws:sns:eu-west-1:123456789012:amazon-pay' },
      'AMAZON_PAY_MERCHANT_ID_LIVE: is needed together with AMAZON_PAY_SNS_TOPIC_ARN_LIVE',
    ],
  ])('a wallet whose keys are partly set, or wrong, stops the start naming the value: %o', (env, message) => {
    expect(() => parseServerEnv(env)).toThrow(message);
  });

  it('takes a wallet whose keys are all set for a mode', () => {
    const env = parseServerEnv({
      ...AMAZON_TEST,
      PAYPAL_CLIENT_ID_LIVE: 'AbCdEfGhIjKlMnOp',
      PAYPAL_CLIENT_SECRET_LIVE: 'secret-secret-secret',
    });
    expect(env.AMAZON_PAY_MERCHANT_ID_TEST).toBe('A2MERCHANT0001');
    expect(env.AMAZON_PAY_SNS_TOPIC_ARN_TEST).toBeUndefined();
    expect(env.PAYPAL_CLIENT_ID_LIVE).toBe('AbCdEfGhIjKlMnOp');
  });

  it("takes each mode's Amazon Pay SNS topics, one or several separated by commas", () => {
    const env = parseServerEnv({
      ...AMAZON_TEST,
      AMAZON_PAY_SNS_TOPIC_ARN_TEST: ' arn:aws:sns:us-east-1:123456789012:A2MERCHANT0001 , arn:aws:sns:us-west-2:123456789012:jp',
    });
    expect(env.AMAZON_PAY_SNS_TOPIC_ARN_TEST).toEqual([
      'arn:aws:sns:us-east-1:123456789012:A2MERCHANT0001',
      'arn:aws:sns:us-west-2:123456789012:jp',
    ]);
  });

  describe('a production start (real money)', () => {
    it('starts with the live keys of every method offered, an https site and its own funnel key', () => {
      expect(parseServerEnv(PRODUCTION)).toMatchObject({ APP_ENV: 'production', PAYMENTS_SANDBOX: false, PAYMENT_METHODS: ['card'] });
    });

    it.each<[string, Record<string, string>, string]>([
      ['the sandbox asked for', { PAYMENTS_SANDBOX: '1' }, 'PAYMENTS_SANDBOX: must be off in production'],
      ['a plain-http site', { PUBLIC_ORIGIN: 'http://subscribe.example.com' }, 'PUBLIC_ORIGIN: must be https in production'],
      [
        'a method offered without its live keys (every method, by default)',
        { PAYMENT_METHODS: '' },
        'PAYPAL_CLIENT_ID_LIVE: is required in production while paypal is offered',
      ],
      [
        'the card without its live secret key',
        { STRIPE_SECRET_KEY_LIVE: '' },
        'STRIPE_SECRET_KEY_LIVE: is required in production while card is offered',
      ],
      [
        'Amazon Pay offered without its keys',
        { PAYMENT_METHODS: 'card,amazon-pay' },
        'AMAZON_PAY_PRIVATE_KEY_LIVE: is required in production while amazon-pay is offered',
      ],
      ['an unknown payment method', { PAYMENT_METHODS: 'card,bitcoin' }, 'PAYMENT_METHODS'],
    ])('refuses to start with %s, naming it', (_label, change, message) => {
      expect(() => parseServerEnv({ ...PRODUCTION, ...change })).toThrow(message);
    });
  });
});

describe("OPERATOR_SECRET_KEY (seals operators' second factors)", () => {
  it('takes 32 bytes in hex or base64', () => {
    expect(parseServerEnv({ OPERATOR_SECRET_KEY: 'ab'.repeat(32) }).OPERATOR_SECRET_KEY).toBe('ab'.repeat(32));
    expect(parseServerEnv({ OPERATOR_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') }).OPERATOR_SECRET_KEY).toBeDefined();
    expect(() => parseServerEnv({ OPERATOR_SECRET_KEY: 'ab'.repeat(16) })).toThrow('OPERATOR_SECRET_KEY: must be 32 bytes');
  });

  it('is required in production', () => {
    const { OPERATOR_SECRET_KEY: _key, ...withoutKey } = PRODUCTION;
    expect(() => parseServerEnv(withoutKey)).toThrow('OPERATOR_SECRET_KEY: must be set in production');
  });
});
