import { AmazonPayGateway } from './AmazonPayGateway';
import { amazonPayDeclaration } from '@/lib/payments/amazonpay/amazonPayDeclaration';
import { SandboxWalletGateway } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { providerOrSandbox } from '@/lib/server/payments/providerOrSandbox';
import { amazonPayConfigured, amazonPayModes, amazonPaySettings } from './amazonPayConfig';
import { amazonPayOrigins } from './amazonPayOrigins';
import { amazonPayReturnUrl } from './amazonPayPayload';

/**
 * Amazon Pay: Amazon's button (checkout.js) and API v2 when a mode's merchant keys are set,
 * else the sandbox wallet. The browser gets the public ids of the visitor's mode, never the key.
 */
export const amazonPayMethod = providerOrSandbox({
  id: amazonPayDeclaration.id,
  settings: amazonPaySettings,
  scripts: { party: 'Amazon Pay checkout.js', reason: "The Amazon Pay button and Amazon's checkout review." },
  configured: amazonPayConfigured,
  walletReturnUrl: amazonPayReturnUrl,
  provider: {
    browserConfig(env, livemode) {
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
      const origins = amazonPayOrigins(env.AMAZON_PAY_REGION);
      return {
        script: origins.scriptSrc,
        frame: origins.frameSrc,
        connect: origins.connectSrc,
        img: origins.imgSrc,
        formAction: origins.formAction,
      };
    },
    createGateway: (env) => new AmazonPayGateway(amazonPayModes(env)),
  },
  sandbox: ({ db, now, onEvent }) => new SandboxWalletGateway('amazon-pay', db, onEvent, now),
});
