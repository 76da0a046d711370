import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { cardDeclaration } from '@/lib/payments/stripe/cardDeclaration';
import { StripeGateway } from './StripeGateway';
import { stripeConfigured, stripeSettings } from './stripeConfig';
import { STRIPE_CSP_SOURCES } from './stripeOrigins';
import type { ServerPaymentMethod } from '@/lib/server/payments/ServerPaymentMethod';

/** The card: Stripe (Elements in the browser) when a Stripe secret key is set, else the embedded sandbox. */
export const cardMethod: ServerPaymentMethod<'card', typeof stripeSettings.schema> = {
  id: cardDeclaration.id,
  settings: stripeSettings,
  scripts: { party: 'Stripe.js', reason: 'Card fields (Stripe Elements) and 3-D Secure: card data is typed into Stripe\'s frames, never our page.' },
  configured: stripeConfigured,
  browserConfig(env, livemode) {
    if (!stripeConfigured(env)) return { gateway: 'sandbox' };
    const publishableKey = livemode ? env.STRIPE_PUBLISHABLE_KEY_LIVE : env.STRIPE_PUBLISHABLE_KEY_TEST;
    // A mode without keys still shows the Stripe form; the server then says payments are unavailable.
    return { gateway: 'stripe', publishableKey: publishableKey ?? '' };
  },
  cspSources: (env) => (stripeConfigured(env) ? STRIPE_CSP_SOURCES : {}),
  createGateway(env, { db, now, onEvent }) {
    if (stripeConfigured(env)) return new StripeGateway({ live: env.STRIPE_SECRET_KEY_LIVE, test: env.STRIPE_SECRET_KEY_TEST });
    return new SandboxGateway(db, onEvent, now);
  },
};
