import { X509Certificate, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { HttpError } from '@/lib/server/http/HttpError';

/**
 * PayPal webhook signatures, checked locally (PayPal's "self-verification"): PayPal signs
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, in decimal>`
 * with SHA256withRSA and names the X.509 certificate holding the public key in the
 * PAYPAL-CERT-URL header (the message format is the one paypal/PayPal-node-SDK checked:
 * `transmissionId|timeStamp|webhookId|crc32.unsigned(body)`). Local rather than PayPal's
 * verify-webhook-signature call: no extra round trip per delivery, and it checks the exact
 * bytes received instead of PayPal's re-serialisation of the event.
 */

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

/** api.paypal.com, api.sandbox.paypal.com and any other host under paypal.com. */
export const isPayPalHost = (hostname: string) => hostname === 'paypal.com' || hostname.endsWith('.paypal.com');

/**
 * The certificate URL, if it is one PayPal would send: https, on a paypal.com host, on the
 * default port, without credentials. Checked before anything is fetched, so a forged
 * delivery cannot make the server fetch (or trust a key from) a host of the sender's choice.
 */
export function trustedCertUrl(certUrl: string): URL {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    throw untrustedCertUrl();
  }
  if (url.protocol !== 'https:' || !isPayPalHost(url.hostname) || url.port !== '' || url.username !== '' || url.password !== '') {
    throw untrustedCertUrl();
  }
  return url;
}

const untrustedCertUrl = () =>
  new HttpError(400, 'untrusted_certificate', 'The PAYPAL-CERT-URL header does not point to a PayPal https host.');

/** What PayPal signed for this delivery and webhook id. */
export function signedMessage(transmission: Pick<PayPalTransmission, 'id' | 'time'>, webhookId: string, rawBody: Uint8Array): string {
  return `${transmission.id}|${transmission.time}|${webhookId}|${crc32(rawBody)}`;
}

export interface VerifyOptions {
  /** The webhook ids configured (live and test): PayPal signs over the id of the webhook it delivers for. */
  webhookIds: readonly string[];
  fetchCertificate: CertificateFetcher;
  now: () => Date;
}

/**
 * Checks one delivery and answers the webhook id it was signed for; any doubt is a 400
 * (PayPal retries non-2xx deliveries, and a forged one must change nothing), except a
 * certificate PayPal's own host would not serve, which is a 503 (worth PayPal's retry).
 * Order matters: every check that needs no network comes before the certificate download.
 */
export async function verifyTransmission(transmission: PayPalTransmission, rawBody: Uint8Array, options: VerifyOptions): Promise<string> {
  if (transmission.authAlgo !== AUTH_ALGO) {
    throw new HttpError(
      400,
      'invalid_signature',
      `The PayPal signature algorithm ${transmission.authAlgo} is not supported (only ${AUTH_ALGO}).`,
    );
  }
  const certUrl = trustedCertUrl(transmission.certUrl);
  const sentAt = Date.parse(transmission.time);
  const now = options.now().getTime();
  if (Number.isNaN(sentAt)) throw new HttpError(400, 'invalid_signature', 'The PAYPAL-TRANSMISSION-TIME header is not a date.');
  if (Math.abs(now - sentAt) > WEBHOOK_TOLERANCE_MS) {
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
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw new HttpError(400, 'invalid_certificate', 'The PayPal signing certificate could not be read.');
  }
  if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) {
    throw new HttpError(400, 'invalid_certificate', 'The PayPal signing certificate is not valid at this time.');
  }

  const signature = Buffer.from(transmission.signature, 'base64');
  for (const webhookId of options.webhookIds) {
    const message = Buffer.from(signedMessage(transmission, webhookId, rawBody));
    if (verify('sha256', message, certificate.publicKey, signature)) return webhookId;
  }
  throw new HttpError(400, 'invalid_signature', 'The PayPal webhook signature does not match this delivery.');
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
