import { verify, X509Certificate } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '@/lib/server/http/HttpError';

/**
 * Amazon Pay delivers its notifications through Amazon SNS: each POST is an SNS message
 * signed by AWS. This checks one as AWS's "Verifying the signatures of Amazon SNS messages"
 * describes: the signing certificate must come from an SNS host over https (checked before
 * anything is fetched), the signature must verify over the message's canonical string
 * (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA), and the message must be recent.
 * Any AWS account can make a topic and have SNS sign its messages, so a valid signature says
 * nothing about the sender: the message's TopicArn must also be one the caller pinned,
 * checked before anything is fetched.
 */

/** SNS hosts, as AWS's own validator (aws-js-sns-message-validator) accepts them: sns.<region>.amazonaws.com, and .com.cn in China. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** A topic's ARN in AWS's commercial partition (Amazon Pay's regions): arn:aws:sns:<region>:<account>:<name>. */
export const SNS_TOPIC_ARN = /^arn:aws:sns:([a-z]{2}(?:-[a-z]+)+-\d):(\d{12}):([A-Za-z0-9_-]{1,256})$/;

/**
 * How old a message may be. SNS keeps a message's Timestamp when it delivers it again, and
 * an HTTP delivery policy can spread its retries over up to an hour, so an hour; anything
 * older is refused as a replay (repeats inside the hour are caught by NotificationId).
 */
export const SNS_TOLERANCE_MS = 60 * 60 * 1000;

const snsSchema = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1),
  TopicArn: z.string().min(1),
  Message: z.string(),
  Timestamp: z.string().min(1),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1),
  SigningCertURL: z.string().min(1),
  Subject: z.string().nullish(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
});
type RawSnsMessage = z.infer<typeof snsSchema>;

export type VerifiedSnsMessage =
  | { type: 'Notification'; messageId: string; topicArn: string; timestamp: Date; message: string }
  | {
      type: 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
      messageId: string;
      topicArn: string;
      timestamp: Date;
      subscribeUrl: string;
    };

export interface SnsVerifierOptions {
  /** GETs a certificate's PEM; only ever called with an https URL on an SNS host. */
  fetchCertificate?: (url: URL) => Promise<string>;
  now?: () => Date;
  toleranceMs?: number;
  /** Certificates by URL, shared between calls; AWS rotates them rarely. */
  cache?: Map<string, Promise<X509Certificate>>;
}

const bad = (code: string, message: string) => new HttpError(400, code, message);

/** Checks one delivery against the topics its endpoint takes (at least one; none takes nothing). */
export type SnsVerifier = (rawBody: string | Buffer, topicArns: readonly string[]) => Promise<VerifiedSnsMessage>;

/** The TopicArn a delivery names, when it is one, before anything is verified: for a log line only, never for trust. */
export function namedTopicArn(rawBody: string | Buffer): string | null {
  try {
    const topic: unknown = (JSON.parse(rawBody.toString()) as { TopicArn?: unknown } | null)?.TopicArn;
    return typeof topic === 'string' && SNS_TOPIC_ARN.test(topic) ? topic : null;
  } catch {
    return null;
  }
}

/** An https URL on an SNS host (no port, no credentials), or null. */
export function snsUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '' || !SNS_HOST.test(url.hostname))
    return null;
  return url;
}

/**
 * The confirmation address of a SubscriptionConfirmation, or null: SNS's own, in the topic's
 * region (https://sns.<region>.amazonaws.com/?Action=ConfirmSubscription&TopicArn=<topic>&Token=…),
 * so that following it can only ever confirm the pinned topic's subscription.
 */
export function confirmationUrl(value: string, topicArn: string): URL | null {
  const region = SNS_TOPIC_ARN.exec(topicArn)?.[1];
  const url = snsUrl(value);
  if (!region || !url || url.hostname !== `sns.${region}.amazonaws.com` || url.pathname !== '/' || url.hash !== '') return null;
  const query = url.searchParams;
  if (query.get('Action') !== 'ConfirmSubscription' || query.get('TopicArn') !== topicArn || !query.get('Token')) return null;
  return url;
}

/** The canonical string SNS signs: "Key\nValue\n" for each signed field, in AWS's order; Subject only when present. */
export function snsStringToSign(message: RawSnsMessage): string {
  const keys: (keyof RawSnsMessage)[] =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', ...(typeof message.Subject === 'string' ? (['Subject'] as const) : []), 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return keys.map((key) => `${key}\n${String(message[key] ?? '')}\n`).join('');
}

async function defaultFetchCertificate(url: URL): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'error' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** A verifier to create once (it keeps the certificate cache) and call per delivery. */
export function createSnsVerifier(options: SnsVerifierOptions = {}): SnsVerifier {
  const fetchCertificate = options.fetchCertificate ?? defaultFetchCertificate;
  const now = options.now ?? (() => new Date());
  const tolerance = options.toleranceMs ?? SNS_TOLERANCE_MS;
  const cache = options.cache ?? new Map<string, Promise<X509Certificate>>();

  const certificate = (url: URL): Promise<X509Certificate> => {
    const key = url.toString();
    let cert = cache.get(key);
    if (!cert) {
      cert = fetchCertificate(url).then((pem) => new X509Certificate(pem));
      cert.catch(() => cache.delete(key)); // a failed fetch is tried again next time
      if (cache.size >= 32) cache.delete(cache.keys().next().value ?? key);
      cache.set(key, cert);
    }
    return cert;
  };

  return async (rawBody, topicArns) => {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString());
    } catch {
      throw bad('invalid_body', 'The notification is not JSON.');
    }
    const parsed = snsSchema.safeParse(json);
    if (!parsed.success) throw bad('invalid_body', 'The notification is not an Amazon SNS message.');
    const message = parsed.data;

    if (!topicArns.includes(message.TopicArn))
      throw new HttpError(403, 'unknown_topic', 'The notification comes from an SNS topic this endpoint does not take.');

    const certUrl = snsUrl(message.SigningCertURL);
    if (!certUrl || !certUrl.pathname.endsWith('.pem'))
      throw bad('invalid_certificate_url', 'The notification is not signed with an Amazon SNS certificate.');

    const timestamp = new Date(message.Timestamp);
    if (Number.isNaN(timestamp.getTime()) || Math.abs(now().getTime() - timestamp.getTime()) > tolerance) {
      throw bad('stale_notification', 'The notification is too old (or from the future).');
    }

    let cert: X509Certificate;
    try {
      cert = await certificate(certUrl);
    } catch {
      throw new HttpError(503, 'certificate_unavailable', 'The signing certificate of the notification could not be fetched; try again.');
    }
    const at = now().getTime();
    if (at < Date.parse(cert.validFrom) || at > Date.parse(cert.validTo))
      throw bad('invalid_signature', 'The notification is signed with an expired certificate.');
    const algorithm = message.SignatureVersion === '1' ? 'sha1' : 'sha256';
    let valid: boolean;
    try {
      valid = verify(algorithm, Buffer.from(snsStringToSign(message), 'utf8'), cert.publicKey, Buffer.from(message.Signature, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw bad('invalid_signature', 'The notification signature is not valid.');

    const base = { messageId: message.MessageId, topicArn: message.TopicArn, timestamp };
    if (message.Type === 'Notification') return { ...base, type: 'Notification', message: message.Message };
    const subscribeUrl = message.SubscribeURL ? confirmationUrl(message.SubscribeURL, message.TopicArn) : null;
    if (!subscribeUrl || !message.Token)
      throw bad('invalid_body', "The subscription confirmation's SubscribeURL is not SNS's confirmation address for its topic.");
    return { ...base, type: message.Type, subscribeUrl: subscribeUrl.toString() };
  };
}
