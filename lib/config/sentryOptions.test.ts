import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Breadcrumb, ErrorEvent } from '@sentry/nextjs';
import { describe, expect, it } from 'vitest';
import {
  CAPTURE_CONSOLE_OPTIONS,
  IGNORED_ERRORS,
  REPLAY_ERRORS,
  REPLAY_SDK_INTERNAL,
  beforeSend,
  browserSentryOptions,
  markPageNotFound,
  serverSentryOptions,
} from './sentryOptions';
import { maskReplayText, scrubBreadcrumb, scrubDeep } from './sentryScrub';

const ORIGIN = 'https://subscribe.vogue.com';
const prod = browserSentryOptions({ dsn: 'https://k@o1.ingest.sentry.io/1', appEnv: 'production', siteOrigin: ORIGIN });
const staging = browserSentryOptions({ dsn: 'https://k@o1.ingest.sentry.io/1', appEnv: 'staging', siteOrigin: ORIGIN });

const CARD = '4242 4242 4242 4242';
const EMAIL = 'jane.doe+news@example.co.uk';
const TOKEN = 'tok_abcDEF123456';
const SECRET = 'pi_3PqXyZ2eZvKYlo2C1aBcDeF_secret_Zx9Yw8Vu7';
const SESSION = 's3ss10nV4lu3';
const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return [CARD, CARD.replace(/ /g, ''), EMAIL, TOKEN, SECRET, SESSION].filter((s) => text.includes(s));
};

describe('browser options (SPEC §1, §8, §9)', () => {
  it('samples as the spec says', () => {
    expect(prod.init.tracesSampleRate).toBe(0.2);
    expect(prod.init.replaysOnErrorSampleRate).toBe(1);
    expect(prod.init.replaysSessionSampleRate).toBe(1);
    expect(staging.init.replaysOnErrorSampleRate).toBe(1);
    expect(staging.init.replaysSessionSampleRate).toBe(0);
    expect(browserSentryOptions({ dsn: undefined, appEnv: undefined }).init.replaysSessionSampleRate).toBe(0);
  });

  it('is inert without a DSN', () => {
    expect(browserSentryOptions({ dsn: undefined, appEnv: 'production' }).init.enabled).toBe(false);
    expect(prod.init.enabled).toBe(true);
    expect(prod.init.environment).toBe('production');
  });

  it('sets the replay options of SPEC §9', () => {
    expect(prod.replay).toMatchObject({
      flushMinDelay: 5000,
      flushMaxDelay: 5500,
      minReplayDuration: 4999,
      maxReplayDuration: 3_600_000,
      mutationBreadcrumbLimit: 750,
      mutationLimit: 10_000,
      slowClickTimeout: 7000,
      networkCaptureBodies: false,
      networkRequestHeaders: ['content-length', 'content-type', 'accept'],
      networkResponseHeaders: ['content-length', 'content-type', 'accept'],
      networkDetailAllowUrls: [ORIGIN],
    });
  });

  it('replays unmasked text and media in production, but never typed values', () => {
    expect(prod.replay).toMatchObject({ blockAllMedia: false, maskAllInputs: true, maskAllText: true });
    expect(prod.replay.maskFn).toBe(maskReplayText);
    expect(prod.replay.maskFn?.('Your order for Vogue is confirmed')).toBe('Your order for Vogue is confirmed');
    expect(leaks(prod.replay.maskFn?.(`We sent a sign-in link to ${EMAIL}.`))).toEqual([]);
  });

  it('masks everything elsewhere', () => {
    expect(staging.replay).toMatchObject({ blockAllMedia: true, maskAllInputs: true, maskAllText: true });
    expect(staging.replay.maskFn).toBeUndefined();
  });

  it('captures only console errors', () => {
    expect(CAPTURE_CONSOLE_OPTIONS).toEqual({ levels: ['error'] });
    expect(prod.captureConsole.levels).toEqual(['error']);
  });

  it('ignores the spec errors', () => {
    const ignored = (message: string) => IGNORED_ERRORS.some((p) => (typeof p === 'string' ? message.includes(p) : p.test(message)));
    expect(ignored('Failed to load Stripe.js')).toBe(true);
    expect(ignored('SecurityError: The operation is insecure.')).toBe(true);
    expect(ignored('Blocked a frame with origin "https://www.vogue.com" from accessing a cross-origin frame.')).toBe(true);
    expect(ignored('Loading initial props cancelled')).toBe(true);
    expect(ignored('TypeError: x is undefined')).toBe(false);
    expect(prod.init.ignoreErrors).toEqual([...IGNORED_ERRORS]);
  });

  it('takes errors only from the group sites, the card provider and the site itself', () => {
    const allowed = (url: string) => (prod.init.allowUrls ?? []).some((p) => (typeof p === 'string' ? url.includes(p) : p.test(url)));
    expect(allowed(`${ORIGIN}/_next/static/chunks/main.js`)).toBe(true);
    expect(allowed('https://www.newyorker.com/app.js')).toBe(true);
    expect(allowed('https://js.stripe.com/v3/')).toBe(true);
    expect(allowed('https://evil.com/vogue.com/x.js')).toBe(false);
    expect(allowed('https://vogue.com.evil.com/x.js')).toBe(false);
    expect(allowed('chrome-extension://abc/content.js')).toBe(false);
  });
});

describe('page-not-found transactions (SPEC §1)', () => {
  it('drops the 404 page, server answers of 404 and pageloads marked as not found, in both runtimes', () => {
    const browser = browserSentryOptions({
      dsn: 'https://k@o1.ingest.sentry.io/1',
      appEnv: 'production',
      siteOrigin: 'https://subscribe.vogue.com',
    });
    const server = serverSentryOptions({ dsn: 'https://k@o1.ingest.sentry.io/1', appEnv: 'production' });
    for (const ignored of [browser.init.ignoreSpans, server.ignoreSpans]) {
      expect(ignored).toEqual([
        /^\/404$/,
        { op: 'http.server', attributes: { 'http.response.status_code': 404 } },
        { attributes: { 'app.page_not_found': true } },
      ]);
    }
    expect(browser.init).not.toHaveProperty('beforeSendTransaction');
  });

  it('marks the pageload of the error page answering 404, only that', () => {
    const notFound = { page: '/_error', props: { pageProps: { statusCode: 404 } } };
    const serverError = { page: '/_error', props: { pageProps: { statusCode: 500 } } };
    type SpanOptions = { name: string; op: string; attributes?: Record<string, unknown> };
    const span = (op: string, name = '/_error'): SpanOptions => ({ name, op });
    expect(markPageNotFound(span('pageload'), notFound).attributes).toEqual({ 'app.page_not_found': true });
    expect(markPageNotFound(span('pageload'), serverError).attributes).toBeUndefined();
    expect(markPageNotFound(span('navigation', '/x'), notFound).attributes).toBeUndefined();
    expect(prod.init.ignoreSpans).toContainEqual({ attributes: { 'app.page_not_found': true } });
    expect(prod.init.ignoreSpans).toContainEqual({ op: 'http.server', attributes: { 'http.response.status_code': 404 } });
  });
});

describe('scrubbing', () => {
  it('leaves no card number, e-mail, token, session cookie or client secret in an error event', () => {
    const event: ErrorEvent = {
      type: undefined,
      message: `Payment failed for ${EMAIL} with card ${CARD}`,
      exception: { values: [{ type: 'Error', value: `confirm ${SECRET} failed; link /auth/complete?token=${TOKEN}` }] },
      request: {
        url: `${ORIGIN}/vogue/offer/auth/complete?token=${TOKEN}`,
        query_string: `token=${TOKEN}`,
        cookies: { CN_token_access: SESSION },
        headers: { cookie: `CN_token_access=${SESSION}`, referer: `${ORIGIN}/x?client_secret=${SECRET}` },
        data: { email: EMAIL },
      },
      breadcrumbs: [
        { category: 'fetch', data: { url: `/api/checkout/intent?client_secret=${SECRET}`, method: 'GET', status_code: 200 } },
        { category: 'console', level: 'error', message: `profile ${EMAIL} CN_token_access=${SESSION}` },
        { category: 'console', level: 'error', message: `cookies __Host-CN_token_access=${SESSION}; __Host-CN_sign_in_nonce=${SESSION}` },
      ],
      extra: { card: CARD.replace(/ /g, '') },
      user: { id: 'u1', email: EMAIL },
    };
    const out = beforeSend(event);
    expect(leaks(out)).toEqual([]);
    expect(out.request?.url).toBe(`${ORIGIN}/vogue/offer/auth/complete`);
    expect(out.breadcrumbs?.[0]?.data?.url).toBe('/api/checkout/intent');
    expect(out.user).toEqual({ id: 'u1' });
  });

  it('leaves no card number nested deep in extras, in contexts or in frames’ local variables', () => {
    let nested: unknown = { number: CARD };
    for (let level = 0; level < 12; level += 1) nested = { level, nested };
    const event: ErrorEvent = {
      type: undefined,
      exception: {
        values: [{ type: 'Error', value: 'x', stacktrace: { frames: [{ function: 'submit', vars: { body: { number: CARD } } }] } }],
      },
      extra: { nested },
      contexts: {
        payment: { card: CARD.replace(/ /g, '') },
        trace: { trace_id: '0af7651916cd43dd8448eb211c80319c', span_id: 'b7ad6b7169203331' },
      },
    };
    const out = beforeSend(event);
    expect(leaks(out)).toEqual([]);
    expect(out.contexts?.trace).toEqual({ trace_id: '0af7651916cd43dd8448eb211c80319c', span_id: 'b7ad6b7169203331' });
  });

  it('scrubs breadcrumbs before they are kept (fetch/xhr URLs, console messages)', () => {
    const xhr: Breadcrumb = { category: 'xhr', data: { url: `/auth/complete?token=${TOKEN}`, method: 'POST' } };
    const nav: Breadcrumb = { category: 'navigation', data: { from: `/a?token=${TOKEN}`, to: '/b' } };
    const consoleCrumb: Breadcrumb = { category: 'console', message: `card ${CARD} for ${EMAIL}`, data: { arguments: [SECRET] } };
    for (const b of [xhr, nav, consoleCrumb]) expect(leaks(scrubBreadcrumb(b))).toEqual([]);
    expect(scrubBreadcrumb(xhr).data).toEqual({ url: '/auth/complete', method: 'POST' });
    expect(prod.init.beforeBreadcrumb).toBe(scrubBreadcrumb);
  });

  it('scrubs replay recording frames and masks form-control text entirely', () => {
    const frame = {
      type: 5,
      timestamp: 1,
      data: { tag: 'breadcrumb', payload: { category: 'ui.click', message: `strong "${EMAIL}"`, data: { url: `/x?token=${TOKEN}` } } },
    };
    expect(leaks(scrubDeep(frame))).toEqual([]);
    expect(leaks(prod.replay.beforeAddRecordingEvent?.(frame as never))).toEqual([]);
    expect(maskReplayText('jane@exa', { tagName: 'TEXTAREA' })).toBe('********');
  });
});

describe('replay errors (SPEC §8)', () => {
  it('recognises each one, tags it and groups it', () => {
    for (const [kind, message] of Object.entries(REPLAY_ERRORS)) {
      const out = beforeSend({ type: undefined, exception: { values: [{ type: 'Error', value: `${message}.` }] } });
      expect(out.tags?.replay_error).toBe(kind);
      expect(out.level).toBe('warning');
      expect(out.fingerprint).toEqual(['replay-error', kind]);
    }
    expect(beforeSend({ type: undefined, message: 'TypeError' }).tags?.replay_error).toBeUndefined();
  });

  it('matches the messages the installed SDK raises', () => {
    expect(REPLAY_ERRORS).toEqual({
      buffer_exceeded: 'Event buffer exceeded maximum size of 20000000',
      max_retries: 'Unable to send Replay - max retries exceeded',
      too_long: 'Session is too long, not sending replay',
    });
  });
});

describe('SPEC §9 rules the SDK implements itself', () => {
  const require = createRequire(import.meta.url);
  const replayDir = path.dirname(require.resolve('@sentry/replay/package.json'));
  const constants = readFileSync(path.join(replayDir, 'build/npm/types/constants.d.ts'), 'utf8');
  const sdk = (name: string) => Number(new RegExp(`${name} = (\\d+)`).exec(constants)?.[1]);

  it('has the spec values built in (idle pause/expiry, checkout, retries, buffer size)', () => {
    expect(sdk('SESSION_IDLE_PAUSE_DURATION')).toBe(REPLAY_SDK_INTERNAL.idlePauseMs);
    expect(sdk('SESSION_IDLE_EXPIRE_DURATION')).toBe(REPLAY_SDK_INTERNAL.idleExpireMs);
    expect(sdk('BUFFER_CHECKOUT_TIME')).toBe(REPLAY_SDK_INTERNAL.bufferCheckoutMs);
    expect(sdk('SLOW_CLICK_SCROLL_TIMEOUT')).toBe(REPLAY_SDK_INTERNAL.slowClickScrollTimeoutMs);
    expect(sdk('RETRY_MAX_COUNT')).toBe(3);
    expect(sdk('RETRY_BASE_INTERVAL')).toBe(5000);
    expect(sdk('REPLAY_MAX_EVENT_BUFFER_SIZE')).toBe(20_000_000);
  });
});

describe('server options', () => {
  it('samples, drops 404 transactions and scrubs', () => {
    const server = serverSentryOptions({ dsn: 'https://k@o1.ingest.sentry.io/1', appEnv: 'production' });
    expect(server.tracesSampleRate).toBe(0.2);
    expect(server.ignoreSpans).toContainEqual({ op: 'http.server', attributes: { 'http.response.status_code': 404 } });
    expect(server.beforeSend).toBe(beforeSend);
  });
});
