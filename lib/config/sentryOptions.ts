import type { BrowserOptions, ErrorEvent, Event, NodeOptions, replayIntegration } from '@sentry/nextjs';
import { maskReplayText, scrubAnyEvent, scrubBreadcrumb, scrubDeep, scrubEvent } from './sentryScrub';

/**
 * Error reporting exactly as SPEC §1, §7, §8 and §9 say (issue 12). Pure: this builds plain
 * option objects; sentry.client.config.ts and sentry.server.config.ts hand them to the SDK
 * (the integrations are created there, so this module runs in unit tests without a browser).
 */

export type AppEnvironment = 'production' | 'staging' | 'development' | 'test' | (string & {});

export interface SentryOptionsInput {
  dsn: string | undefined;
  /** APP_ENV (the browser gets it from the page: errorReportsConfig.ts). */
  appEnv: AppEnvironment | undefined;
  /** The site's own origin (window.location.origin): its scripts are allowed, its calls' headers captured. */
  siteOrigin?: string;
}

// ---- Sampling (SPEC §1, §9) ----------------------------------------------------------
/** SPEC §1 "samples 20 percent of traces", §9 "Trace sampling 0.2". */
export const TRACES_SAMPLE_RATE = 0.2;
/** SPEC §1 "replays 100 percent of sessions that have errors", §9 "error replay sample rate 1". */
export const REPLAYS_ON_ERROR_SAMPLE_RATE = 1;
/** SPEC §1: full-session replay only in production. */
export const REPLAYS_SESSION_SAMPLE_RATE_PRODUCTION = 1;
export const REPLAYS_SESSION_SAMPLE_RATE_OTHER = 0;

// ---- Replay (SPEC §9) ----------------------------------------------------------------
/** SPEC §9 "flush delay 5000–5500 ms". */
export const REPLAY_FLUSH_MIN_DELAY_MS = 5000;
export const REPLAY_FLUSH_MAX_DELAY_MS = 5500;
/** SPEC §9 "min replay 4999 ms (cap 15000)": the SDK caps this option itself (at 50 000 ms). */
export const REPLAY_MIN_DURATION_MS = 4999;
/** SPEC §9 "max replay 3,600,000 ms". */
export const REPLAY_MAX_DURATION_MS = 3_600_000;
/** SPEC §9 "mutation breadcrumb limit 750". */
export const REPLAY_MUTATION_BREADCRUMB_LIMIT = 750;
/** SPEC §9 "mutation hard limit 10000". */
export const REPLAY_MUTATION_LIMIT = 10_000;
/** SPEC §9 "slow click timeout 7000 ms". */
export const REPLAY_SLOW_CLICK_TIMEOUT_MS = 7000;
/** SPEC §7 "Captured headers: content-length, content-type, accept." */
export const REPLAY_CAPTURED_HEADERS = ['content-length', 'content-type', 'accept'] as const;

/**
 * SPEC §9/§7 replay rules the SDK implements with internal constants and no option. Their
 * values equal the spec's (a test reads them from the installed SDK); nothing here sets them.
 */
export const REPLAY_SDK_INTERNAL = {
  /** SPEC §9 idle pause 300000 ms: SESSION_IDLE_PAUSE_DURATION. */
  idlePauseMs: 300_000,
  /** SPEC §9 idle expire 900000 ms: SESSION_IDLE_EXPIRE_DURATION. */
  idleExpireMs: 900_000,
  /** SPEC §9 buffer checkout every 60000 ms: BUFFER_CHECKOUT_TIME. */
  bufferCheckoutMs: 60_000,
  /** SPEC §9 scroll 300 ms: SLOW_CLICK_SCROLL_TIMEOUT. */
  slowClickScrollTimeoutMs: 300,
  /** SPEC §7 "up to 3 retries at a growing interval based on 5 s": RETRY_MAX_COUNT / RETRY_BASE_INTERVAL. */
  segmentRetryMaxCount: 3,
  segmentRetryBaseIntervalMs: 5000,
  /** SPEC §8 'Event buffer exceeded maximum size of 20000000': REPLAY_MAX_EVENT_BUFFER_SIZE. */
  maxEventBufferSize: 20_000_000,
} as const;

// ---- Filtering (SPEC §1, §7, §8) -----------------------------------------------------
/** SPEC §8 "Ignored from error reporting". */
export const IGNORED_ERRORS: readonly (string | RegExp)[] = [
  /Failed to load Stripe\.js/, // payment-provider script load failure (@stripe/stripe-js loadStripe)
  /The operation is insecure/, // insecure operation (SecurityError, Firefox/Safari)
  /Blocked a frame with origin/, // cross-origin frame blocks (Chrome/Safari SecurityError)
  /from accessing a cross-origin frame/,
  'Loading initial props cancelled',
];

/**
 * SPEC §8 "Replay errors": raised by the replay SDK about its own recording/transport
 * (REPLAY_MAX_EVENT_BUFFER_SIZE, RETRY_MAX_COUNT, maxReplayDuration). They are not product
 * errors and must not page anyone, but a lost replay is worth seeing: beforeSend recognises
 * them, tags them `replay_error`, lowers them to warnings and groups each kind together.
 */
export const REPLAY_ERRORS = {
  buffer_exceeded: 'Event buffer exceeded maximum size of 20000000',
  max_retries: 'Unable to send Replay - max retries exceeded',
  too_long: 'Session is too long, not sending replay',
} as const;
export type ReplayErrorKind = keyof typeof REPLAY_ERRORS;

/** SPEC §7 "Allowed script origins are the publisher group's sites". */
export const PUBLISHER_GROUP_SITES = [
  'condenast.com',
  'vogue.com',
  'vogue.co.uk',
  'newyorker.com',
  'wired.com',
  'wired.co.uk',
  'gq.com',
  'gq-magazine.co.uk',
  'epicurious.com',
  'vanityfair.com',
  'bonappetit.com',
  'cntraveler.com',
  'cntraveller.com',
] as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The group's sites and any of their subdomains, over https. */
export const PUBLISHER_GROUP_SITE_PATTERNS: readonly RegExp[] = PUBLISHER_GROUP_SITES.map(
  (site) => new RegExp(`^https://([a-z0-9-]+\\.)*${escapeRegExp(site)}(:\\d+)?(/|$)`, 'i'),
);
/** SPEC §7 "and a card payment provider": Stripe.js. */
export const CARD_PROVIDER_SCRIPT_PATTERNS: readonly RegExp[] = [/^https:\/\/([a-z0-9-]+\.)?js\.stripe\.com(\/|$)/i];

export function allowUrls(siteOrigin: string | undefined): RegExp[] {
  const own = siteOrigin ? [new RegExp(`^${escapeRegExp(siteOrigin.replace(/\/$/, ''))}(/|$)`)] : [];
  return [...own, ...PUBLISHER_GROUP_SITE_PATTERNS, ...CARD_PROVIDER_SCRIPT_PATTERNS];
}

/** SPEC §8 "Only console errors are captured" (captureConsoleIntegration options). */
export const CAPTURE_CONSOLE_OPTIONS = { levels: ['error'] };

// ---- Page-not-found transactions (SPEC §1) -------------------------------------------
/** Set on a browser pageload span when Next rendered its error page with status 404. */
export const PAGE_NOT_FOUND_ATTRIBUTE = 'app.page_not_found';

/**
 * SPEC §1 "Page-not-found transactions are dropped". The SDK streams spans by default, so
 * the drop is expressed as `ignoreSpans` (it already drops `/404`; this app has no
 * pages/404, its 404s are `/_error`): server request spans answered 404, and browser
 * pageloads marked by `markPageNotFound`. (`beforeSendTransaction` is not used: the SDK
 * ignores it while streaming, and says so in the console.)
 */
export const PAGE_NOT_FOUND_IGNORE_SPANS: NonNullable<BrowserOptions['ignoreSpans']> = [
  /^\/404$/,
  { op: 'http.server', attributes: { 'http.response.status_code': 404 } },
  { attributes: { [PAGE_NOT_FOUND_ATTRIBUTE]: true } },
];

interface NextDataLike {
  page?: unknown;
  props?: { pageProps?: { statusCode?: unknown } };
}

/** Whether Next's page data (window.__NEXT_DATA__) is the error page answering 404. */
export function isPageNotFoundPage(nextData: NextDataLike | undefined): boolean {
  return nextData?.page === '/_error' && Number(nextData.props?.pageProps?.statusCode) === 404;
}

/** browserTracingIntegration's beforeStartSpan: marks the pageload of a 404 page for `ignoreSpans`. */
export function markPageNotFound<O extends { op?: string; attributes?: Record<string, unknown> }>(
  options: O,
  nextData: NextDataLike | undefined,
): O {
  const op = options.op ?? options.attributes?.['sentry.op'];
  if (op !== 'pageload' || !isPageNotFoundPage(nextData)) return options;
  return { ...options, attributes: { ...options.attributes, [PAGE_NOT_FOUND_ATTRIBUTE]: true } };
}

// ---- Replay errors and scrubbing hooks -----------------------------------------------
export function replayErrorKind(event: Event): ReplayErrorKind | null {
  const texts = [event.message, ...(event.exception?.values ?? []).map((e) => e.value)].filter(Boolean) as string[];
  for (const [kind, message] of Object.entries(REPLAY_ERRORS) as [ReplayErrorKind, string][]) {
    if (texts.some((t) => t.includes(message))) return kind;
  }
  return null;
}

/** beforeSend: scrubs every event; recognises the §8 replay errors (tag, warning, own group). */
export function beforeSend(event: ErrorEvent): ErrorEvent {
  const kind = replayErrorKind(event);
  if (kind) {
    event.level = 'warning';
    event.tags = { ...event.tags, replay_error: kind };
    event.fingerprint = ['replay-error', kind];
  }
  return scrubEvent(event);
}

/** Scrubs replay events (their URL list) before they leave; recordings go through beforeAddRecordingEvent. */
type Integration = Exclude<NonNullable<BrowserOptions['integrations']>, (...args: never[]) => unknown>[number];

export const scrubReplayEventsIntegration: Integration = {
  name: 'ScrubReplayEvents',
  preprocessEvent(event: Event) {
    if (event.type === 'replay_event') scrubAnyEvent(event);
  },
};

// ---- The option objects --------------------------------------------------------------
export type ReplayOptions = NonNullable<Parameters<typeof replayIntegration>[0]>;

export function isProduction(appEnv: AppEnvironment | undefined): boolean {
  return appEnv === 'production';
}

/**
 * Replay integration options. Production: text and media are not masked (SPEC §1), but
 * card data, e-mail addresses and tokens must never reach a replay, so:
 *  - typed values stay masked everywhere (maskAllInputs: true; card fields are Stripe's
 *    cross-origin iframes, which are never recorded anyway);
 *  - text is run through `maskReplayText` (maskAllText: true + maskFn), which leaves it
 *    readable and replaces only e-mail addresses, card numbers, tokens and client secrets:
 *    the SDK's only way to keep e-mails shown on a page (success page, sign-in notice) out
 *    of an otherwise unmasked replay without marking each component;
 *  - network bodies are never captured (our API answers carry client secrets and e-mail);
 *    headers are, the three SPEC §7 names, for the site's own calls.
 * Elsewhere everything is masked and media blocked (SDK defaults, stated here).
 */
export function replayOptions(input: SentryOptionsInput): ReplayOptions {
  const production = isProduction(input.appEnv);
  return {
    flushMinDelay: REPLAY_FLUSH_MIN_DELAY_MS,
    flushMaxDelay: REPLAY_FLUSH_MAX_DELAY_MS,
    minReplayDuration: REPLAY_MIN_DURATION_MS,
    maxReplayDuration: REPLAY_MAX_DURATION_MS,
    mutationBreadcrumbLimit: REPLAY_MUTATION_BREADCRUMB_LIMIT,
    mutationLimit: REPLAY_MUTATION_LIMIT,
    slowClickTimeout: REPLAY_SLOW_CLICK_TIMEOUT_MS,
    // Session vs buffer mode, and the switch from buffer to session on an error, follow
    // from the two sample rates; stickySession keeps one replay across page loads.
    stickySession: true,
    maskAllInputs: true,
    maskAllText: true,
    blockAllMedia: !production,
    ...(production ? { maskFn: maskReplayText } : {}),
    networkDetailAllowUrls: input.siteOrigin ? [input.siteOrigin] : [],
    networkCaptureBodies: false,
    networkRequestHeaders: [...REPLAY_CAPTURED_HEADERS],
    networkResponseHeaders: [...REPLAY_CAPTURED_HEADERS],
    // Breadcrumbs and network spans inside the recording: URLs lose their query, text is scrubbed.
    beforeAddRecordingEvent: (event) => scrubDeep(event, 0, 'keep'),
  };
}

export interface BrowserSentrySettings {
  /** Passed to Sentry.init, together with the integrations below. */
  init: Omit<BrowserOptions, 'integrations'>;
  replay: ReplayOptions;
  captureConsole: typeof CAPTURE_CONSOLE_OPTIONS;
}

export function browserSentryOptions(input: SentryOptionsInput): BrowserSentrySettings {
  const production = isProduction(input.appEnv);
  return {
    init: {
      dsn: input.dsn,
      enabled: Boolean(input.dsn),
      environment: input.appEnv ?? 'development',
      tracesSampleRate: TRACES_SAMPLE_RATE,
      replaysOnErrorSampleRate: REPLAYS_ON_ERROR_SAMPLE_RATE,
      replaysSessionSampleRate: production ? REPLAYS_SESSION_SAMPLE_RATE_PRODUCTION : REPLAYS_SESSION_SAMPLE_RATE_OTHER,
      ignoreErrors: [...IGNORED_ERRORS],
      allowUrls: allowUrls(input.siteOrigin),
      ignoreSpans: [...PAGE_NOT_FOUND_IGNORE_SPANS],
      beforeSend,
      beforeBreadcrumb: scrubBreadcrumb,
    },
    replay: replayOptions(input),
    captureConsole: CAPTURE_CONSOLE_OPTIONS,
  };
}

/** The server's share: sampling, the 404 drop and scrubbing (no replay, no script origins). */
export function serverSentryOptions(input: SentryOptionsInput): NodeOptions {
  return {
    dsn: input.dsn,
    environment: input.appEnv ?? 'development',
    tracesSampleRate: TRACES_SAMPLE_RATE,
    ignoreErrors: ['Loading initial props cancelled'],
    ignoreSpans: [...PAGE_NOT_FOUND_IGNORE_SPANS],
    beforeSend,
    beforeBreadcrumb: scrubBreadcrumb,
  };
}
