import type { ServerEnv } from '@/lib/config/serverEnv';
import type { AmazonPayCredentials } from './amazonpay/amazonPayTypes';
import type { PayPalModes } from './paypal/PayPalGateway';

type Mode = 'LIVE' | 'TEST';

/** PayPal's REST app of a mode, when its client id and secret are set (the env schema makes them come together). */
function paypalMode(env: ServerEnv, mode: Mode) {
  const clientId = env[`PAYPAL_CLIENT_ID_${mode}`];
  const clientSecret = env[`PAYPAL_CLIENT_SECRET_${mode}`];
  return clientId && clientSecret ? { baseUrl: env[`PAYPAL_API_BASE_${mode}`], clientId, clientSecret } : undefined;
}

export const paypalModes = (env: ServerEnv): PayPalModes => ({ live: paypalMode(env, 'LIVE'), test: paypalMode(env, 'TEST') });

/** PayPal is used as soon as one mode's keys are set; the sandbox wallet otherwise. */
export const paypalConfigured = (env: ServerEnv): boolean => Boolean(env.PAYPAL_CLIENT_ID_LIVE || env.PAYPAL_CLIENT_ID_TEST);

/** Amazon Pay's merchant keys of a mode, when all four are set (the env schema makes them come together). */
function amazonPayMode(env: ServerEnv, mode: Mode): AmazonPayCredentials | undefined {
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

export const amazonPayModes = (env: ServerEnv) => ({ live: amazonPayMode(env, 'LIVE'), test: amazonPayMode(env, 'TEST') });

/** Amazon Pay is used as soon as one mode's keys are set; the sandbox wallet otherwise. */
export const amazonPayConfigured = (env: ServerEnv): boolean => Boolean(env.AMAZON_PAY_MERCHANT_ID_LIVE || env.AMAZON_PAY_MERCHANT_ID_TEST);
