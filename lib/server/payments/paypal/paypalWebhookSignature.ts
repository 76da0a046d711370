import { verify, type X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { HttpError } from '@/lib/server/http/HttpError';
import { commonNames, readCertificateChain, systemTrustAnchors, verifyCertificateChain } from './paypalCertificateChain';

/**
 * PayPal webhook signatures, checked locally (PayPal's "self-verification"): PayPal signs
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, in decimal>`
 * with SHA256withRSA and names the X.509 certificate holding the public key in the
 * PAYPAL-CERT-URL header (the message format is the one paypal/PayPal-node-SDK checked:
 * `transmissionId|timeStamp|webhookId|crc32.unsigned(body)`). Local rather than PayPal's
 * verify-webhook-signature call: no extra round trip per delivery, and it checks the exact
 * bytes received instead of PayPal's re-serialisation of the event. The header is the
 * sender's to write, so the certificate is trusted only as PayPal's own SDKs trusted it: from
 * PayPal's certificate host of the mode, issued through a trusted certificate authority, and
 * named messageverificationcerts.(sandbox.)paypal.com.
 */

export type PayPalMode = 'live' | 'test';

/** Deliveries sent more than this long ago (or ahead) are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** The only algorithm PayPal signs with; anything else is refused rather than guessed. */
const AUTH_ALGO = 'SHA256withRSA';

/** The PEM text of a certificate, from its (already vetted) URL. */
export type CertificateFetcher = (url: string) => Promise<string>;

/** The signature headers of one delivery. */
export interface PayPalTransmission {
  id: string;
  time: string;
  signature: string;
  certUrl: string;
  authAlgo: string;
}

/** Headers as Next gives them: a Fetch Headers object (app router) or Node's IncomingHttpHeaders (pages API). */
export type HeaderSource = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

const HEADERS = {
  id: 'paypal-transmission-id',
  time: 'paypal-transmission-time',
  signature: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const satisfies Record<keyof PayPalTransmission, string>;

function header(headers: HeaderSource, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    // A repeated signature header is not PayPal's doing: treat it as absent.
    return value && value.length === 1 ? (value[0] ?? null) : null;
  }
  return null;
}

/** The delivery's signature headers, all of them, or a 400 naming those missing. */
export function transmissionFrom(headers: HeaderSource): PayPalTransmission {
  const read = Object.fromEntries(Object.entries(HEADERS).map(([field, name]) => [field, header(headers, name)?.trim() || null]));
  const missing = Object.entries(HEADERS)
    .filter(([field]) => !read[field])
    .map(([, name]) => name.toUpperCase());
  if (missing.length > 0) {
    throw new HttpError(400, 'missing_signature', `The PayPal signature headers are missing: ${missing.join(', ')}.`, missing);
  }
  return read as unknown as PayPalTransmission;
}

/** Where PayPal serves its webhook signing certificates, by the mode of the webhook (PayPal's developer docs). */
export const PAYPAL_CERT_HOSTS: Readonly<Record<PayPalMode, string>> = { live: 'api.paypal.com', test: 'api.sandbox.paypal.com' };

/** The common name of PayPal's signing certificate, by mode; a sandbox certificate may carry the live name. */
export const PAYPAL_SIGNING_NAMES: Readonly<Record<PayPalMode, readonly string[]>> = {
  live: ['messageverificationcerts.paypal.com'],
  test: ['messageverificationcerts.sandbox.paypal.com', 'messageverificationcerts.paypal.com'],
};

const CERT_PATH = /^\/v1\/notifications\/certs\/[A-Za-z0-9._-]+$/;

/**
 * The certificate URL and the mode its host serves, if it is one PayPal sends: https, exactly
 * api.paypal.com (live) or api.sandbox.paypal.com (sandbox), on the default port, without
 * credentials, query or fragment, under /v1/notifications/certs/. Checked before anything is
 * fetched, so a forged delivery cannot make the server fetch a URL of the sender's choice.
 */
export function trustedCertUrl(certUrl: string): { url: URL; mode: PayPalMode } {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    throw untrustedCertUrl();
  }
  const mode = (Object.keys(PAYPAL_CERT_HOSTS) as PayPalMode[]).find((candidate) => PAYPAL_CERT_HOSTS[candidate] === url.hostname);
  if (
    !mode ||
    url.protocol !== 'https:' ||
    url.port !== '' ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    !CERT_PATH.test(url.pathname)
  ) {
    throw untrustedCertUrl();
  }
  return { url, mode };
}

const untrustedCertUrl = () =>
  new HttpError(
    400,
    'untrusted_certificate',
    "The PAYPAL-CERT-URL header is not a certificate URL on PayPal's certificate host (https://api.paypal.com or https://api.sandbox.paypal.com, /v1/notifications/certs/…).",
  );

/** What PayPal signed for this delivery and webhook id. */
export function signedMessage(transmission: Pick<PayPalTransmission, 'id' | 'time'>, webhookId: string, rawBody: Uint8Array): string {
  return `${transmission.id}|${transmission.time}|${webhookId}|${crc32(rawBody)}`;
}

export interface VerifyOptions {
  /** Each mode's webhook id (PAYPAL_WEBHOOK_ID_LIVE/TEST): PayPal signs over the id of the webhook it delivers for. */
  webhookIds: Readonly<Partial<Record<PayPalMode, string | undefined>>>;
  fetchCertificate: CertificateFetcher;
  now: () => Date;
  /**
   * Tests only: authorities trusted besides the system's, per mode (the local fake's test
   * root). No setting reaches it and the route passes none, so a deployment trusts the
   * system's authorities alone; a production process ignores it even if handed some.
   */
  testTrustAnchors?: Readonly<Partial<Record<PayPalMode, readonly X509Certificate[]>>>;
}

/** Which of our webhooks a verified delivery was signed for, and so its mode. */
export interface VerifiedTransmission {
  webhookId: string;
  livemode: boolean;
}

const untrustedCertificate = (why: string) =>
  new HttpError(400, 'untrusted_certificate', `The PayPal signing certificate is not trusted: ${why}.`);

/**
 * Checks one delivery and answers the webhook (and mode) it was signed for; any doubt is a
 * 400 (PayPal retries non-2xx deliveries, and a forged one must change nothing), except a
 * certificate PayPal's own host would not serve, which is a 503 (worth PayPal's retry).
 * Order matters: every check that needs no network (algorithm, certificate URL, a webhook id
 * configured for the URL's mode, time) comes before the certificate download.
 */
export async function verifyTransmission(
  transmission: PayPalTransmission,
  rawBody: Uint8Array,
  options: VerifyOptions,
): Promise<VerifiedTransmission> {
  if (transmission.authAlgo !== AUTH_ALGO) {
    throw new HttpError(
      400,
      'invalid_signature',
      `The PayPal signature algorithm ${transmission.authAlgo} is not supported (only ${AUTH_ALGO}).`,
    );
  }
  const { url: certUrl, mode } = trustedCertUrl(transmission.certUrl);
  const webhookId = options.webhookIds[mode];
  if (!webhookId) {
    throw new HttpError(
      400,
      'unknown_webhook',
      `The PayPal delivery is signed with a ${mode === 'live' ? 'live' : 'sandbox'} certificate, but no ${mode} webhook is configured here.`,
    );
  }
  const sentAt = Date.parse(transmission.time);
  const now = options.now();
  if (Number.isNaN(sentAt)) throw new HttpError(400, 'invalid_signature', 'The PAYPAL-TRANSMISSION-TIME header is not a date.');
  if (Math.abs(now.getTime() - sentAt) > WEBHOOK_TOLERANCE_MS) {
    throw new HttpError(
      400,
      'stale_transmission',
      `The PayPal delivery was signed at ${transmission.time}, more than ${WEBHOOK_TOLERANCE_MS / 60_000} minutes from now.`,
    );
  }

  let pem: string;
  try {
    pem = await options.fetchCertificate(certUrl.href);
  } catch {
    throw new HttpError(
      503,
      'certificate_unavailable',
      'The PayPal signing certificate could not be downloaded. PayPal will retry the delivery.',
    );
  }
  let chain: X509Certificate[];
  try {
    chain = readCertificateChain(pem);
  } catch {
    throw new HttpError(400, 'invalid_certificate', 'The PayPal signing certificate could not be read.');
  }
  const extra = process.env.NODE_ENV === 'production' ? undefined : options.testTrustAnchors?.[mode];
  const anchors = extra?.length ? [...systemTrustAnchors(), ...extra] : systemTrustAnchors();
  try {
    verifyCertificateChain(chain, anchors, now);
  } catch (error) {
    throw untrustedCertificate((error as Error).message);
  }
  const certificate = chain[0]!;
  if (!commonNames(certificate).some((name) => PAYPAL_SIGNING_NAMES[mode].includes(name))) {
    throw untrustedCertificate(`it is not issued to ${PAYPAL_SIGNING_NAMES[mode].join(' or ')}`);
  }

  const signature = Buffer.from(transmission.signature, 'base64');
  const message = Buffer.from(signedMessage(transmission, webhookId, rawBody));
  if (!verify('sha256', message, certificate.publicKey, signature)) {
    throw new HttpError(400, 'invalid_signature', 'The PayPal webhook signature does not match this delivery.');
  }
  return { webhookId, livemode: mode === 'live' };
}

/** Cached certificates: PayPal signs with few, and a delivery storm must not mean a download each. */
const CERTIFICATE_CACHE_SIZE = 16;

/**
 * Wraps a fetcher with a cache by URL (a certificate URL always names the same certificate).
 * Failures are not kept, so the next delivery tries again; the oldest entry goes first once
 * the cache is full, so URLs varied by a forger cannot grow it.
 */
export function cachingCertificateFetcher(fetcher: CertificateFetcher = downloadCertificate): CertificateFetcher {
  const cache = new Map<string, Promise<string>>();
  return (url) => {
    const cached = cache.get(url);
    if (cached) return cached;
    const pending = fetcher(url);
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
    while (cache.size > CERTIFICATE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return pending;
  };
}

/** A certificate is a few kilobytes; anything much larger is not one. */
const MAX_CERTIFICATE_BYTES = 64 * 1024;

/**
 * Downloads a certificate. Redirects are refused: the vetted URL is the only one fetched.
 * The caller vets the URL first (trustedCertUrl); this function trusts what it is given.
 */
export async function downloadCertificate(url: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`PayPal answered ${response.status} for the certificate at ${url}`);
  const pem = await response.text();
  if (pem.length > MAX_CERTIFICATE_BYTES) throw new Error(`The certificate at ${url} is larger than ${MAX_CERTIFICATE_BYTES} bytes`);
  return pem;
}
