import { AmazonPayGateway } from './AmazonPayGateway';
import { amazonPayDeclaration } from '@/lib/payments/amazonpay/amazonPayDeclaration';
import { SandboxWalletGateway } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { amazonPayConfigured, amazonPayModes, amazonPaySettings } from './amazonPayConfig';
import { amazonPayOrigins } from './amazonPayOrigins';
import type { ServerPaymentMethod } from '@/lib/server/payments/ServerPaymentMethod';

/**
 * Amazon Pay: Amazon's button (checkout.js) and API v2 when a mode's merchant keys are set,
 * else the sandbox wallet. The browser gets the public ids of the visitor's mode, never the key.
 */
export const amazonPayMethod: ServerPaymentMethod<'amazon-pay', typeof amazonPaySettings.schema> = {
  id: amazonPayDeclaration.id,
  settings: amazonPaySettings,
  scripts: { party: 'Amazon Pay checkout.js', reason: 'The Amazon Pay button and Amazon\'s checkout review.' },
  configured: amazonPayConfigured,
  browserConfig(env, livemode) {
    if (!amazonPayConfigured(env)) return { gateway: 'sandbox' };
    const keys = livemode ? amazonPayModes(env).live : amazonPayModes(env).test;
    return {
      gateway: 'amazon-pay',
      merchantId: keys?.merchantId ?? '',
      publicKeyId: keys?.publicKeyId ?? '',
      storeId: keys?.storeId ?? '',
      sandbox: !livemode,
      region: env.AMAZON_PAY_REGION,
    };
  },
  cspSources(env) {
    if (!amazonPayConfigured(env)) return {};
    const origins = amazonPayOrigins(env.AMAZON_PAY_REGION);
    return { script: origins.scriptSrc, frame: origins.frameSrc, connect: origins.connectSrc, img: origins.imgSrc, formAction: origins.formAction };
  },
  createGateway(env, { db, now, onEvent }) {
    if (amazonPayConfigured(env)) return new AmazonPayGateway(amazonPayModes(env));
    return new SandboxWalletGateway('amazon-pay', db, onEvent, now);
  },
};
