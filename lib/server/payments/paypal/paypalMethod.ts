import { DbPlanStore } from './DbPlanStore';
import { paypalDeclaration } from '@/lib/payments/paypal/paypalDeclaration';
import { PayPalGateway } from './PayPalGateway';
import { SandboxWalletGateway } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { providerOrSandbox } from '@/lib/server/payments/providerOrSandbox';
import { paypalConfigured, paypalModes, paypalSettings } from './paypalConfig';
import { PAYPAL_CSP_SOURCES } from './paypalOrigins';

/**
 * PayPal: PayPal's buttons and REST API when a mode's client id and secret are set, else the
 * sandbox wallet. The browser gets the client id of the visitor's mode only.
 */
export const paypalMethod = providerOrSandbox({
  id: paypalDeclaration.id,
  settings: paypalSettings,
  scripts: { party: 'PayPal JavaScript SDK', reason: "The PayPal buttons and PayPal's approval window." },
  configured: paypalConfigured,
  provider: {
    browserConfig(env, livemode) {
      // A mode without keys still shows PayPal (never the sandbox beside the real one); its view says it is unavailable.
      const clientId = (livemode ? env.PAYPAL_CLIENT_ID_LIVE : env.PAYPAL_CLIENT_ID_TEST) ?? '';
      return { gateway: 'paypal', clientId, environment: livemode ? 'production' : 'sandbox' };
    },
    cspSources: () => PAYPAL_CSP_SOURCES,
    createGateway: (env, { db, now }) => new PayPalGateway(paypalModes(env), new DbPlanStore(db, now)),
  },
  sandbox: ({ db, now, onEvent }) => new SandboxWalletGateway('paypal', db, onEvent, now),
});
