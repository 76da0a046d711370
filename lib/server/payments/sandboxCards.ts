import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { enabledPaymentMethods } from './methodRegistry';

/**
 * Whether the server takes the sandbox card's fields (number, expiry, CVC) in a mode: only
 * where the payment step offers the sandbox's card form, i.e. in test mode on a server with
 * PAYMENTS_SANDBOX=1, the card offered and no Stripe key. Everywhere else cards go through
 * Stripe's frames and a card number has no business reaching us (PCI DSS scope).
 */
export function sandboxCardsTaken(env: ServerEnv, livemode: boolean): boolean {
  return enabledPaymentMethods(env, livemode).some((method) => method.id === 'card' && method.config.gateway === 'sandbox');
}

/**
 * The mode a submit body says it is in, read before the body is parsed, so that the parse
 * itself knows whether card fields are taken. Anything but `livemode: false` counts as live,
 * the stricter reading (a malformed mode is refused by the parse anyway).
 */
export function claimedLivemode(body: unknown): boolean {
  return !(typeof body === 'object' && body !== null && (body as { livemode?: unknown }).livemode === false);
}
