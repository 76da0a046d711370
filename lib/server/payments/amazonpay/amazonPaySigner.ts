import { createHash, createPrivateKey, constants, sign, type KeyObject } from 'node:crypto';

/**
 * Amazon Pay API v2 request signing and the button's payload signature, after Amazon's
 * "Signing requests" page and its SDKs (amazon-pay-api-sdk-nodejs src/clientHelper.js,
 * amazon-pay-api-sdk-php Client.php), without the SDK itself.
 *
 * Amazon names two algorithms: AMZN-PAY-RSASSA-PSS (RSASSA-PSS/SHA-256, salt length 20, the
 * SDKs' legacy default) and AMZN-PAY-RSASSA-PSS-V2 (the same with salt length 32). The name
 * is both the prefix of the string to sign and what Amazon reads from the authorization
 * header (and, for the button, from createCheckoutSessionConfig.algorithm) to pick the salt
 * length, so the two must never be mixed. We use V2 throughout.
 */
export const AMAZON_PAY_ALGORITHM = 'AMZN-PAY-RSASSA-PSS-V2';
export const AMAZON_PAY_SALT_LENGTH = 32;

export type AmazonPayRegion = 'na' | 'eu' | 'jp';

export type PrivateKeyInput = KeyObject | string;

const toKey = (key: PrivateKeyInput): KeyObject => (typeof key === 'string' ? createPrivateKey(key) : key);
const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** x-amz-pay-date: ISO 8601 basic format in UTC, "20190923T231908Z", as Amazon's examples and the PHP SDK send it. */
export function amazonPayDate(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** RFC 3986 percent-encoding (unreserved characters kept), as the PHP SDK's rawurlencode: encodeURIComponent leaves !'()* alone. */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The path with each segment RFC 3986-encoded once (a segment already encoded is normalised, not encoded twice). */
export function canonicalUri(path: string): string {
  return path
    .split('/')
    .map((segment) => rfc3986(safeDecode(segment)))
    .join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a stray "%": encoded as it stands
  }
}

/** Parameters sorted by name (code-point order), each name=value RFC 3986-encoded, joined with &; empty without any. */
export function canonicalQuery(params: Readonly<Record<string, string>> = {}): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${rfc3986(name)}=${rfc3986(params[name] ?? '')}`)
    .join('&');
}

export interface SignableRequest {
  method: string;
  /** The request path as sent, e.g. /sandbox/v2/checkoutSessions/abc. */
  path: string;
  query?: Readonly<Record<string, string>>;
  /** Headers to sign; names in any case. */
  headers: Readonly<Record<string, string>>;
  /** The exact body bytes sent ('' without a body). */
  body: string;
}

/**
 * The canonical request: method, canonical URI, canonical query, one "name:value" line per
 * signed header (names lower-cased and sorted, values trimmed with inner runs of spaces
 * collapsed), a blank line, the signed header names joined by ";", and the hex SHA-256 of the body.
 */
export function canonicalRequest(request: SignableRequest): { canonical: string; signedHeaders: string } {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(request.headers)) headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(';');
  const lines = names.map((name) => `${name}:${headers.get(name)}\n`).join('');
  const canonical = [
    request.method.toUpperCase(),
    canonicalUri(request.path),
    canonicalQuery(request.query),
    lines,
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  return { canonical, signedHeaders };
}

/** "AMZN-PAY-RSASSA-PSS-V2\n" + hex SHA-256 of the canonical request (or, for the button, of the payload). */
export function stringToSign(hashed: string): string {
  return `${AMAZON_PAY_ALGORITHM}\n${sha256Hex(hashed)}`;
}

/** RSASSA-PSS with SHA-256 and MGF1/SHA-256, salt length 32 (V2), base64. A new random salt makes every signature differ. */
export function pssSign(privateKey: PrivateKeyInput, text: string): string {
  return sign('sha256', Buffer.from(text, 'utf8'), {
    key: toKey(privateKey),
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: AMAZON_PAY_SALT_LENGTH,
  }).toString('base64');
}

/**
 * The signature of the button's createCheckoutSession payload: the same string to sign over
 * the payload itself. Amazon verifies it against the payloadJSON string the browser hands
 * it, so the caller must give the browser exactly this string.
 */
export function signButtonPayload(payloadJSON: string, privateKey: PrivateKeyInput): string {
  return pssSign(privateKey, stringToSign(payloadJSON));
}

export interface RequestToSign {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: URL;
  body: string;
  region: AmazonPayRegion;
  publicKeyId: string;
  privateKey: PrivateKeyInput;
  at: Date;
  /** Only for POST: Amazon keeps the first answer per key (GET/PATCH are idempotent anyway). */
  idempotencyKey?: string | undefined;
}

/**
 * Every header a request to Amazon Pay carries, all of them signed: accept, content-type,
 * x-amz-pay-date, x-amz-pay-host (the API host, with its port when a fake is used),
 * x-amz-pay-region, x-amz-pay-idempotency-key when given, and the authorization header
 * "AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=…, SignedHeaders=…, Signature=…".
 */
export function signRequest(request: RequestToSign): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-amz-pay-date': amazonPayDate(request.at),
    'x-amz-pay-host': request.url.host,
    'x-amz-pay-region': request.region,
  };
  if (request.idempotencyKey) headers['x-amz-pay-idempotency-key'] = request.idempotencyKey;
  const query = Object.fromEntries(request.url.searchParams);
  const { canonical, signedHeaders } = canonicalRequest({
    method: request.method,
    path: request.url.pathname,
    query,
    headers,
    body: request.body,
  });
  const signature = pssSign(request.privateKey, stringToSign(canonical));
  return {
    ...headers,
    authorization: `${AMAZON_PAY_ALGORITHM} PublicKeyId=${request.publicKeyId}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
