import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { cardDeclaration } from '@/lib/payments/stripe/cardDeclaration';
import { providerOrSandbox } from '@/lib/server/payments/providerOrSandbox';
import { StripeGateway } from './StripeGateway';
import { stripeConfigured, stripeSettings } from './stripeConfig';
import { STRIPE_CSP_SOURCES } from './stripeOrigins';

/** The card: Stripe (Elements in the browser) when a Stripe secret key is set, else the embedded sandbox. */
export const cardMethod = providerOrSandbox({
  id: cardDeclaration.id,
  settings: stripeSettings,
  scripts: {
    party: 'Stripe.js',
    reason: "Card fields (Stripe Elements) and 3-D Secure: card data is typed into Stripe's frames, never our page.",
  },
  configured: stripeConfigured,
  provider: {
    browserConfig(env, livemode) {
      const publishableKey = livemode ? env.STRIPE_PUBLISHABLE_KEY_LIVE : env.STRIPE_PUBLISHABLE_KEY_TEST;
      // A mode without keys still shows the Stripe form; the server then says payments are unavailable.
      return { gateway: 'stripe', publishableKey: publishableKey ?? '' };
    },
    cspSources: () => STRIPE_CSP_SOURCES,
    createGateway: (env) => new StripeGateway({ live: env.STRIPE_SECRET_KEY_LIVE, test: env.STRIPE_SECRET_KEY_TEST }),
  },
  sandbox: ({ db, now, onEvent }) => new SandboxGateway(db, onEvent, now),
});
