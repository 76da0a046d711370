import { z } from 'zod';
import { CONSENT_POLICIES } from '@/lib/tracking/consent/consentGroups';
import { APP_ENVS } from '@/lib/config/publicEnv';
import { PAYMENT_METHOD_IDS } from '@/lib/payments/methods';
import { SERVER_PAYMENT_METHODS } from '@/lib/server/payments/methodRegistry';
import { canonicalProxyRange } from '@/lib/server/http/clientAddress';

/** An age in days (fractions allowed), at least `min`; at most a century. */
const retentionDays = (min: number) =>
  z.coerce
    .number({ error: 'must be a number of days' })
    .min(min, `must be at least ${min} ${min === 1 ? 'day' : 'days'}`)
    .max(36_500, 'must be at most 36500 days');

/** An HTTP header's name (letters, digits and hyphens), lower-cased as Node hands request headers over. */
const headerName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as CloudFront-Viewer-Country (letters, digits and hyphens)')
  .transform((name) => name.toLowerCase());

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never;
type ProviderShape = UnionToIntersection<(typeof SERVER_PAYMENT_METHODS)[number]['settings']['schema']['shape']>;

/** Every payment provider's settings (its keys, hosts and region), as its folder declares them. */
const providerShape = Object.assign({}, ...SERVER_PAYMENT_METHODS.map((method) => method.settings.schema.shape)) as ProviderShape;

/**
 * Server configuration, read once from the environment and validated; a bad value stops
 * the server at start with a message that names it. Browser-visible values live in
 * publicEnv.ts only. Each payment provider's settings come from its own folder
 * (lib/server/payments/<provider>/…Config.ts).
 */
const serverEnvSchema = z.object({
  DATABASE_URL: z.string().min(1).default('file:data/journey.db'),
  /** Tracking events' own database (lib/server/db/trackingDatabaseUrl.ts says where it goes when unset). */
  TRACKING_DATABASE_URL: z.string().min(1).optional(),
  /** Connections each app instance may hold to PostgreSQL, per database (the tracking one has as many). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /**
   * The key that seals operators' TOTP secrets (32 bytes: 64 hex digits or base64). Required
   * in production; elsewhere a key kept in the database stands in (lib/server/operators/totpSecretBox.ts).
   */
  OPERATOR_SECRET_KEY: z
    .string()
    .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes: 64 hex digits or base64')
    .optional(),
  /** Wrong second-factor codes and API tokens, all clients together, per 15 minutes before the alarm is raised (it refuses no one). */
  OPERATOR_FAILURE_LIMIT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(10_000).default(30),
  APP_ENV: z.enum(APP_ENVS).default('development'),
  SENTRY_DSN: z.url().optional(),
  /**
   * Apple Pay's domain association file, word for word as Stripe's dashboard (or Apple) gives
   * it: served at /.well-known/apple-developer-merchantid-domain-association so that Apple
   * verifies the domain for Apple Pay. Unset: that address is a 404.
   */
  APPLE_PAY_DOMAIN_ASSOCIATION: z
    .string()
    .trim()
    .min(1, 'must not be empty (leave it unset to serve no file)')
    .max(100_000, 'must be at most 100000 characters (the file itself, not a path to it)')
    .optional(),
  /**
   * The embedded sandbox (card, PayPal, Amazon Pay stand-ins) runs only when asked for: a
   * server with a missing key must refuse payments, not "sell" through the sandbox. Test mode only.
   */
  PAYMENTS_SANDBOX: z
    .enum(['0', '1'], 'must be 1 (on) or 0 (off)')
    .default('0')
    .transform((value) => value === '1'),
  /**
   * A fault the sandbox injects, for the tests that prove a killed server loses nothing:
   * `kill-after-charge` ends the process with SIGKILL as soon as a sandbox charge succeeds,
   * before the order is recorded or answered; `kill-during-renewals` ends it once
   * SANDBOX_FAULT_AFTER renewal charges were made, before their outcome is recorded. Only with PAYMENTS_SANDBOX=1 (never in
   * production), and only ever on the sandbox's gateways.
   */
  SANDBOX_FAULT: z.enum(['kill-after-charge', 'kill-during-renewals'], 'must be kill-after-charge or kill-during-renewals').optional(),
  /** `kill-during-renewals` kills the server once this many renewal charges have reached the sandbox. */
  SANDBOX_FAULT_AFTER: z.coerce
    .number({ error: 'must be a number of charges' })
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(100),
  /**
   * Tests and the bench only, with PAYMENTS_SANDBOX=1: the sandbox answers a renewal charge
   * this many ms after making it, as a real provider answers in some 300 ms.
   */
  SANDBOX_LATENCY_MS: z.coerce.number({ error: 'must be a number of ms' }).int('must be a whole number').min(0).max(60_000).default(0),
  /**
   * Reconciliation of checkout attempts whose answer was lost (lib/server/checkout/reconcileAttempts.ts):
   * run when the server starts, then every INTERVAL seconds (0: at start only), on attempts in
   * progress for longer than GRACE seconds (a sibling instance's live submit is younger).
   */
  CHECKOUT_RECONCILE_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1)
    .max(86_400)
    .default(60),
  CHECKOUT_RECONCILE_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(0)
    .max(86_400)
    .default(30),
  /** How often each instance publishes the campaign versions whose scheduled time has come (lib/server/campaigns/scheduledPublications.ts). */
  CAMPAIGN_SCHEDULE_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3600)
    .default(10),
  /** How often each instance looks for due renewals, retries and ends (lib/server/renewals); 0: never (another process runs them). */
  RENEWAL_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(0)
    .max(86_400)
    .default(60),
  /** How many renewals one instance charges at once: providers answer in some 300 ms, so never one at a time. */
  RENEWAL_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(500).default(32),
  /** How long a renewal run holds the subscriptions it claimed; another instance takes over those of a run that died after this. */
  RENEWAL_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1)
    .max(86_400)
    .default(300),
  /** Days a past-due subscription keeps access after its renewal first failed (retries go on for 14 days). */
  RENEWAL_GRACE_DAYS: z.coerce.number({ error: 'must be a number of days' }).int('must be a whole number').min(0).max(14).default(14),
  /** The payment methods offered, by their SPEC constants; each needs its keys (or the sandbox). */
  PAYMENT_METHODS: z
    .string()
    .default(PAYMENT_METHOD_IDS.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(PAYMENT_METHOD_IDS, `must list payment methods among ${PAYMENT_METHOD_IDS.join(', ')}`))
        .min(1, 'must list at least one payment method'),
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Subscriptions <no-reply@localhost>'),
  /*
   * Checkout abuse limits (lib/server/checkout/abuseLimits.ts), per client address (through
   * TRUSTED_PROXIES, IPv6 by /64) per 10 minutes; the daily caps, the per-card limits and
   * the slow-down after declines follow from them or are fixed there.
   */
  /** Live-mode submits (real cards): a buyer needs a few, a card tester many. The daily cap is 5 times this. */
  CHECKOUT_SUBMITS_PER_CLIENT_LIVE: z.coerce
    .number({ error: 'must be a number of submits' })
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(10),
  /** Test-mode submits (test cards only), also per test card: only bounds the rows one address can write. The daily cap is 10 times this. */
  CHECKOUT_SUBMITS_PER_CLIENT_TEST: z.coerce
    .number({ error: 'must be a number of submits' })
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(300),
  /** Quotes (each change of country, add-on or promo code asks one; a promo code is tried through it). */
  CHECKOUT_QUOTES_PER_CLIENT: z.coerce
    .number({ error: 'must be a number of quotes' })
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(600),
  /**
   * The proxies whose X-Forwarded-For entries are believed: addresses or CIDR ranges they
   * connect to the app from, comma-separated (nginx on the same machine: `127.0.0.1,::1`).
   * Unset (default): the header is never read, and the client is the socket's peer. A
   * request from any other peer (someone reaching the app's port directly) is that peer's
   * own, whatever it sends. Comes with TRUSTED_PROXY_HOPS; makes the app listen on
   * 127.0.0.1 unless LISTEN_HOST says otherwise (entrypoint/listenAddress.mjs).
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const ranges: string[] = [];
      for (const entry of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const range = canonicalProxyRange(entry);
        if (range) ranges.push(range);
        else ctx.addIssue({ code: 'custom', message: `"${entry.slice(0, 60)}" is not an IP address or CIDR range such as 10.0.0.0/8` });
      }
      return ranges;
    }),
  /**
   * At most how many trusted proxies in a row append to X-Forwarded-For (one nginx: 1; a load
   * balancer in front of it: 2). The client's address is read from the right through them,
   * never further. 0 (default) with TRUSTED_PROXIES unset; at least 1 with it.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int('must be a whole number').min(0).max(5).default(0),
  /**
   * The request headers in which the edge in front of the app (a CDN) states the visitor's
   * country and region, read only from a request whose peer is in TRUSTED_PROXIES
   * (lib/server/geo/visitorLocation.ts). CloudFront's by default; Cloudflare's are
   * CF-IPCountry and cf-region-code (its "Add visitor location headers" managed transform).
   * The default is parsed as a value set would be (prefault), so it is lower-cased too.
   */
  GEO_COUNTRY_HEADER: headerName.prefault('CloudFront-Viewer-Country'),
  GEO_REGION_HEADER: headerName.prefault('CloudFront-Viewer-Country-Region'),
  /**
   * The interface `npm start` listens on (an IP address): by default 0.0.0.0 (every
   * interface), or 127.0.0.1 when TRUSTED_PROXIES is set (only the proxy on this machine
   * reaches the app). A proxy on another machine needs the interface it reaches, e.g. 10.0.0.12.
   * The `-H` flag wins over it.
   */
  LISTEN_HOST: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IP address such as 127.0.0.1 or 0.0.0.0' }).optional(),
  /**
   * Accepted tracking events per client (its address through TRUSTED_PROXIES, IPv6 by
   * /64) per window, all ingestion endpoints together; beyond it 429 with Retry-After. A whole
   * purchase journey emits some 50–150 events (page views, pings, clicks, hovers): 3000 in 10
   * minutes is about twenty journeys at once from one address (a household or an office
   * behind one NAT), while one address can add at most ~430,000 rows a day, not without end.
   */
  INGEST_EVENTS_PER_CLIENT: z.coerce
    .number({ error: 'must be a number of events' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(3000),
  /** The fixed window of that limit and of the byte budgets below; at most a day, so that the purge of rate-limit windows (RETENTION_RATE_LIMITS_DAYS, at least 1) never cuts a live one. */
  INGEST_EVENTS_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(600),
  /**
   * Bytes of tracking data stored per client (its address as above, IPv6 by /64) per window
   * (INGEST_EVENTS_WINDOW_SECONDS), all ingestion endpoints together, counted as the rows
   * would take them; beyond it 429. A funnel event takes some 400 bytes, an analytics event
   * some 1,300: 4 MB is the event limit's 3000 events of the larger kind, with room.
   */
  INGEST_BYTES_PER_CLIENT: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number')
    .min(1_000, 'must be at least 1000')
    .default(4_000_000),
  /**
   * The same, for all the /64s of one IPv6 /48 together (a site's allocation, 65,536 /64s):
   * four clients' worth by default; a mobile carrier that puts many customers in one /48
   * may need more.
   */
  INGEST_BYTES_PER_NETWORK: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number')
    .min(1_000, 'must be at least 1000')
    .default(16_000_000),
  /**
   * Bytes of tracking data stored per window from everyone together: beyond it every tracking
   * request is refused (429) until the window ends, and that is logged and reported. 100 MB
   * per 10 minutes is some 1,000 whole journeys of the largest kind, 14 GB a day at most.
   */
  INGEST_BYTES_TOTAL: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number')
    .min(1_000, 'must be at least 1000')
    .default(100_000_000),
  /** The tracking tables' size beyond which tracking writes are refused (507), so that they never fill the disk the orders need. */
  TRACKING_DATABASE_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number')
    .min(1_000_000, 'must be at least 1000000')
    .default(20_000_000_000),
  /** Free space the tracking file's disk keeps (SQLite): below it tracking writes are refused (507), so that the orders can still be written. */
  TRACKING_MIN_FREE_DISK_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number')
    .min(0)
    .default(1_000_000_000),
  /*
   * Retention (`npm run purge`, run daily): rows older than these ages are deleted. Never
   * transactions, idempotency keys, gateway events or anything else a paid order needs.
   */
  /** Tracking events: 400 days, a full year for year-on-year funnel comparisons plus a month to run them. */
  RETENTION_EVENTS_DAYS: retentionDays(1).default(400),
  /** Bad rows hold whole refused bodies (possibly personal data): 30 days is enough to find and fix a broken client release. */
  RETENTION_BAD_ROWS_DAYS: retentionDays(1).default(30),
  /** The schema inspector's observed event shapes, counted from when each was last seen: as long as the events, so that the report's drift covers the same periods. */
  RETENTION_SCHEMA_OBSERVATIONS_DAYS: retentionDays(1).default(400),
  /** Content-Security-Policy violation reports: the funnel report shows them by period; 90 days covers a quarter's review. */
  RETENTION_CSP_REPORTS_DAYS: retentionDays(1).default(90),
  /** Sign-in links, counted from their expiry (15 minutes after they are sent; a spent link has expired by then too): 7 days to answer "my link did not work". */
  RETENTION_SIGN_IN_LINKS_DAYS: retentionDays(0).default(7),
  /** Sessions, counted from their expiry: an expired session signs nobody in, so none is kept by default. */
  RETENTION_SESSIONS_DAYS: retentionDays(0).default(0),
  /** The mail queue's sent and given-up mails, counted from when they were queued (a pending one is never purged): sign-in links in them die after 15 minutes. */
  RETENTION_OUTBOX_DAYS: retentionDays(0).default(30),
  /**
   * Rate-limit windows, counted from their start: must outlive every limit using them. The
   * longest window is a day, and a slow-down after declines runs up to 12 hours past its
   * 12-hour window: 2 days leaves a margin. The bad-row limiter's minute windows and tallies
   * (bad_row_windows, bad_row_tallies) go with them.
   */
  RETENTION_RATE_LIMITS_DAYS: retentionDays(1).default(2),
  /**
   * How often each instance runs the purge of those ages (the `purge` job: lib/server/jobs),
   * after the run at start: daily by default; 0: never (`npm run purge` from cron instead).
   */
  PURGE_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(0)
    .max(604_800, 'must be at most 604800 seconds (a week)')
    .default(86_400),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/, error: "must be the site's origin such as https://subscribe.example.com" }).optional(),
  /**
   * A session unused for this long ends (besides its 30 days' end): a day by default. At
   * least 15 minutes, as a use is recorded at most every 5; at most 30 days.
   */
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number')
    .min(15, 'must be at least 15 minutes')
    .max(43_200, 'must be at most 43200 minutes (30 days, the longest a session lasts)')
    .default(1440),
  /**
   * Sign-in links one client address (through TRUSTED_PROXIES) may ask for per 15 minutes, all
   * e-mail addresses together; 5 for any one address (IdentityService). An office behind one NAT may need more.
   */
  SIGN_IN_LINKS_PER_IP: z.coerce
    .number({ error: 'must be a number of links' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(30),
  IDENTITY_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://id.example.com' }).optional(),
  IDENTITY_SIGN_IN_URL: z
    .url({ error: 'must be a URL' })
    .refine((url) => url.includes('{return}'), 'must contain {return}, where the page to come back to goes')
    .optional(),
  // Tracking (issue 5). Empty URLs mean the built-in endpoints of this server.
  FUNNEL_API_KEY: z
    .string()
    .regex(/^[\w-]{8,128}$/, 'must be 8 to 128 letters, digits, - or _')
    .default('pj-demo-funnel-key'),
  FUNNEL_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of a funnel endpoint' }).optional(),
  SEGMENTATION_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL (…/user-context/segmentation)' }).optional(),
  ANALYTICS_COLLECTOR_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/\s]+$/,
      "must be an origin such as https://c.{domain}, where {host} and {domain} stand for the page's host and its registrable domain",
    )
    .optional(),
  SCHEMA_INSPECTOR_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of a schema-inspection endpoint' }).optional(),
  ONETRUST_CONSENT_ID: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'must be a OneTrust domain script id')
    .optional(),
  CONSENT_POLICY: z.enum(CONSENT_POLICIES, { error: `must be one of ${CONSENT_POLICIES.join(', ')}` }).default('anonymous-first'),
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a tag-manager container id such as GTM-ABC123')
    .optional(),
  MARTECH_LIBRARY_SRC: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
  ...providerShape,
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = serverEnvSchema
    .superRefine((config, ctx) => {
      // In production, sign-in mail must really be sent (the outbox logs live tokens)
      // and links must point at the configured site, not at a request's Host header.
      if (config.APP_ENV === 'production' && !config.SMTP_URL) {
        ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (the embedded outbox logs sign-in links)' });
      }
      if (config.APP_ENV === 'production' && !config.PUBLIC_ORIGIN) {
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'is required in production (sign-in links point there)' });
      }
      if (config.APP_ENV === 'production') {
        // Real money: no sandbox, an https site, and the live keys of every method offered.
        if (config.PAYMENTS_SANDBOX)
          ctx.addIssue({
            code: 'custom',
            path: ['PAYMENTS_SANDBOX'],
            message: 'must be off in production (the sandbox takes no real money)',
          });
        if (config.PUBLIC_ORIGIN && !config.PUBLIC_ORIGIN.startsWith('https://')) {
          ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'must be https in production' });
        }
        for (const method of SERVER_PAYMENT_METHODS.filter(({ id }) => config.PAYMENT_METHODS.includes(id))) {
          for (const name of method.settings.liveKeys.filter((key) => !config[key])) {
            ctx.addIssue({
              code: 'custom',
              path: [name],
              message: `is required in production while ${method.id} is offered (PAYMENT_METHODS)`,
            });
          }
        }
      }
      if (config.SANDBOX_LATENCY_MS > 0 && !config.PAYMENTS_SANDBOX) {
        ctx.addIssue({ code: 'custom', path: ['SANDBOX_LATENCY_MS'], message: 'needs PAYMENTS_SANDBOX=1 (it slows the sandbox only)' });
      }
      if (config.SANDBOX_FAULT && !config.PAYMENTS_SANDBOX) {
        ctx.addIssue({
          code: 'custom',
          path: ['SANDBOX_FAULT'],
          message: 'needs PAYMENTS_SANDBOX=1 (faults are injected in the sandbox only)',
        });
      }
      if (config.APP_ENV === 'production' && !config.OPERATOR_SECRET_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['OPERATOR_SECRET_KEY'],
          message: "must be set in production (it seals operators' second factors)",
        });
      }
      if (config.APP_ENV === 'production' && config.FUNNEL_API_KEY === 'pj-demo-funnel-key' && !config.FUNNEL_URL) {
        ctx.addIssue({ code: 'custom', path: ['FUNNEL_API_KEY'], message: 'must be set in production (the demo key is public)' });
      }
      if (Boolean(config.IDENTITY_ORIGIN) !== Boolean(config.IDENTITY_SIGN_IN_URL)) {
        ctx.addIssue({
          code: 'custom',
          path: ['IDENTITY_SIGN_IN_URL'],
          message: 'is needed together with IDENTITY_ORIGIN (the external service signs visitors in)',
        });
      }
      // Forwarded addresses need both: who the proxies are, and how many stand in a row.
      if (config.TRUSTED_PROXY_HOPS > 0 && config.TRUSTED_PROXIES.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['TRUSTED_PROXIES'],
          message: 'is needed with TRUSTED_PROXY_HOPS (the addresses the proxies connect from, such as 127.0.0.1,::1)',
        });
      }
      if (config.TRUSTED_PROXIES.length > 0 && config.TRUSTED_PROXY_HOPS === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['TRUSTED_PROXY_HOPS'],
          message: 'must be at least 1 with TRUSTED_PROXIES (how many of them append to X-Forwarded-For; one nginx: 1)',
        });
      }
      // Each provider checks its own keys (a pair, or a set that comes together).
      for (const method of SERVER_PAYMENT_METHODS) {
        method.settings.check(config, (name, message) => ctx.addIssue({ code: 'custom', path: [name], message }));
      }
    })
    .safeParse(blankless);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid server configuration: ${problems}`);
  }
  return result.data;
}

const RETENTION_KEYS = {
  DATABASE_URL: true,
  TRACKING_DATABASE_URL: true,
  RETENTION_EVENTS_DAYS: true,
  RETENTION_BAD_ROWS_DAYS: true,
  RETENTION_SCHEMA_OBSERVATIONS_DAYS: true,
  RETENTION_SIGN_IN_LINKS_DAYS: true,
  RETENTION_SESSIONS_DAYS: true,
  RETENTION_OUTBOX_DAYS: true,
  RETENTION_RATE_LIMITS_DAYS: true,
  RETENTION_CSP_REPORTS_DAYS: true,
} as const;

export type RetentionEnv = Pick<ServerEnv, keyof typeof RETENTION_KEYS>;

/**
 * What `npm run purge` reads: the database and the retention ages, nothing else, so that a
 * cron job needs no payment keys (and a production setting it does not use cannot stop it).
 */
export function parseRetentionEnv(env: Record<string, string | undefined>): RetentionEnv {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = serverEnvSchema.pick(RETENTION_KEYS).safeParse(blankless);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid retention configuration: ${problems}`);
  }
  return result.data;
}

let cached: ServerEnv | null = null;

export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
