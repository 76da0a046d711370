import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import type { ProviderSettings } from '@/lib/server/payments/ProviderSettings';
import type { AmazonPayCredentials } from './amazonPayTypes';
import { SNS_TOPIC_ARN } from './snsMessage';

const merchantId = z.string().regex(/^[A-Z0-9]{8,20}$/, 'must be an Amazon Pay merchant id');
const storeId = z
  .string()
  .regex(/^amzn1\.application-oa2-client\.[a-f0-9]{32}$/, 'must be an Amazon Pay store id (amzn1.application-oa2-client.…)');
const publicKeyId = z.string().regex(/^[A-Z0-9-]{10,64}$/, 'must be an Amazon Pay public key id');
const privateKey = z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' });
/** One SNS topic ARN, or several separated by commas. */
const topicArns = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((arn) => arn.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(SNS_TOPIC_ARN, 'must be SNS topic ARNs (arn:aws:sns:<region>:<account>:<topic>), separated by commas'))
      .min(1, 'must name at least one SNS topic ARN'),
  );

// Each mode's merchant, store, public key id and private key together.
const schema = z.object({
  AMAZON_PAY_MERCHANT_ID_LIVE: merchantId.optional(),
  AMAZON_PAY_STORE_ID_LIVE: storeId.optional(),
  AMAZON_PAY_PUBLIC_KEY_ID_LIVE: publicKeyId.optional(),
  AMAZON_PAY_PRIVATE_KEY_LIVE: privateKey.optional(),
  AMAZON_PAY_MERCHANT_ID_TEST: merchantId.optional(),
  AMAZON_PAY_STORE_ID_TEST: storeId.optional(),
  AMAZON_PAY_PUBLIC_KEY_ID_TEST: publicKeyId.optional(),
  AMAZON_PAY_PRIVATE_KEY_TEST: privateKey.optional(),
  /**
   * The SNS topics each mode's IPNs come from: any AWS account can have SNS sign for a topic
   * of its own, so a notification from another topic is refused. Unset: that mode's IPNs are all refused.
   */
  AMAZON_PAY_SNS_TOPIC_ARN_LIVE: topicArns.optional(),
  AMAZON_PAY_SNS_TOPIC_ARN_TEST: topicArns.optional(),
  AMAZON_PAY_REGION: z.enum(['na', 'eu', 'jp']).default('na'),
  /** Amazon Pay's API host; overridden only to talk to a local fake. Empty: the region's own. */
  AMAZON_PAY_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
});

export type AmazonPayEnv = z.output<typeof schema>;

type Mode = 'LIVE' | 'TEST';
const KEY_NAMES = ['AMAZON_PAY_MERCHANT_ID', 'AMAZON_PAY_STORE_ID', 'AMAZON_PAY_PUBLIC_KEY_ID', 'AMAZON_PAY_PRIVATE_KEY'] as const;

/** Whether a PEM (line breaks possibly written \\n) is a private key Node can sign with. */
function readablePrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem.replace(/\\n/g, '\n'));
    return true;
  } catch {
    return false;
  }
}

/** Amazon Pay's settings: each mode's merchant keys and SNS topics, the region and the API host. */
export const amazonPaySettings: ProviderSettings<typeof schema> = {
  schema,
  liveKeys: KEY_NAMES.map((name) => `${name}_LIVE` as const),
  check(config, issue) {
    // A private key that is not one would stop every payment at the first request: refused at start.
    for (const name of ['AMAZON_PAY_PRIVATE_KEY_LIVE', 'AMAZON_PAY_PRIVATE_KEY_TEST'] as const) {
      const pem = config[name];
      if (pem && !readablePrivateKey(pem)) issue(name, 'is not a readable PEM private key');
    }
    // A mode's keys come all together: a partial set names what is missing.
    for (const mode of ['LIVE', 'TEST'] as const) {
      const names = KEY_NAMES.map((name) => `${name}_${mode}` as const);
      const set = names.filter((name) => Boolean(config[name]));
      if (set.length === 0 || set.length === names.length) continue;
      for (const missing of names.filter((name) => !config[name])) issue(missing, `is needed together with ${set.join(', ')}`);
    }
    // A pinned topic serves a mode's IPN endpoint, which answers only with that mode's keys.
    for (const mode of ['LIVE', 'TEST'] as const) {
      if (config[`AMAZON_PAY_SNS_TOPIC_ARN_${mode}`] && !config[`AMAZON_PAY_MERCHANT_ID_${mode}`])
        issue(`AMAZON_PAY_MERCHANT_ID_${mode}`, `is needed together with AMAZON_PAY_SNS_TOPIC_ARN_${mode}`);
    }
  },
};

/** Amazon Pay's merchant keys of a mode, when all four are set (the checks make them come together). */
function amazonPayMode(env: AmazonPayEnv, mode: Mode): AmazonPayCredentials | undefined {
  const merchantId = env[`AMAZON_PAY_MERCHANT_ID_${mode}`];
  const storeId = env[`AMAZON_PAY_STORE_ID_${mode}`];
  const publicKeyId = env[`AMAZON_PAY_PUBLIC_KEY_ID_${mode}`];
  const privateKey = env[`AMAZON_PAY_PRIVATE_KEY_${mode}`];
  if (!merchantId || !storeId || !publicKeyId || !privateKey) return undefined;
  return {
    merchantId,
    storeId,
    publicKeyId,
    // Environment files hold one line: a PEM may come with its line breaks written as \n.
    privateKey: privateKey.replace(/\\n/g, '\n'),
    region: env.AMAZON_PAY_REGION,
    baseUrl: env.AMAZON_PAY_API_BASE,
    sandbox: mode === 'TEST',
  };
}

export const amazonPayModes = (env: AmazonPayEnv) => ({ live: amazonPayMode(env, 'LIVE'), test: amazonPayMode(env, 'TEST') });

/** Amazon Pay is used as soon as one mode's keys are set; the sandbox wallet otherwise. */
export const amazonPayConfigured = (env: AmazonPayEnv): boolean =>
  Boolean(env.AMAZON_PAY_MERCHANT_ID_LIVE || env.AMAZON_PAY_MERCHANT_ID_TEST);

/** The SNS topics each mode's IPN endpoint takes notifications from (none: it takes none). */
export const amazonPayTopicArns = (env: AmazonPayEnv): Record<'live' | 'test', readonly string[]> => ({
  live: env.AMAZON_PAY_SNS_TOPIC_ARN_LIVE ?? [],
  test: env.AMAZON_PAY_SNS_TOPIC_ARN_TEST ?? [],
});
