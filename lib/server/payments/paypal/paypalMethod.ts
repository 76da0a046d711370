import { DbPlanStore } from './DbPlanStore';
import { paypalDeclaration } from '@/lib/payments/paypal/paypalDeclaration';
import { PayPalGateway } from './PayPalGateway';
import { SandboxWalletGateway } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { paypalConfigured, paypalModes, paypalSettings } from './paypalConfig';
import { PAYPAL_CSP_SOURCES } from './paypalOrigins';
import type { ServerPaymentMethod } from '@/lib/server/payments/ServerPaymentMethod';

/**
 * PayPal: PayPal's buttons and REST API when a mode's client id and secret are set, else the
 * sandbox wallet. The browser gets the client id of the visitor's mode only.
 */
export const paypalMethod: ServerPaymentMethod<'paypal', typeof paypalSettings.schema> = {
  id: paypalDeclaration.id,
  settings: paypalSettings,
  scripts: { party: 'PayPal JavaScript SDK', reason: 'The PayPal buttons and PayPal\'s approval window.' },
  configured: paypalConfigured,
  browserConfig(env, livemode) {
    if (!paypalConfigured(env)) return { gateway: 'sandbox' };
    // A mode without keys still shows PayPal (never the sandbox beside the real one); its view says it is unavailable.
    const clientId = (livemode ? env.PAYPAL_CLIENT_ID_LIVE : env.PAYPAL_CLIENT_ID_TEST) ?? '';
    return { gateway: 'paypal', clientId, environment: livemode ? 'production' : 'sandbox' };
  },
  cspSources: (env) => (paypalConfigured(env) ? PAYPAL_CSP_SOURCES : {}),
  createGateway(env, { db, now, onEvent }) {
    if (paypalConfigured(env)) return new PayPalGateway(paypalModes(env), new DbPlanStore(db, now));
    return new SandboxWalletGateway('paypal', db, onEvent, now);
  },
};
