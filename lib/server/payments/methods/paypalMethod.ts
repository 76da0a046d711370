import { SandboxWalletGateway } from '../sandbox/SandboxWalletGateway';
import type { ServerPaymentMethod } from './PaymentMethodUnit';

/** PayPal: the sandbox wallet until PayPal's keys are configured. */
export const paypalMethod: ServerPaymentMethod<'paypal'> = {
  id: 'paypal',
  enabled: () => true,
  browserConfig: () => ({ gateway: 'sandbox' }),
  createGateway: (_env, { db, now, onEvent }) => new SandboxWalletGateway('paypal', db, onEvent, now),
};
