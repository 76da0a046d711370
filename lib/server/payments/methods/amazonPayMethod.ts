import { SandboxWalletGateway } from '../sandbox/SandboxWalletGateway';
import type { ServerPaymentMethod } from './PaymentMethodUnit';

/** Amazon Pay: the sandbox wallet until Amazon Pay's keys are configured. */
export const amazonPayMethod: ServerPaymentMethod<'amazon-pay'> = {
  id: 'amazon-pay',
  enabled: () => true,
  browserConfig: () => ({ gateway: 'sandbox' }),
  createGateway: (_env, { db, now, onEvent }) => new SandboxWalletGateway('amazon-pay', db, onEvent, now),
};
