import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { PaymentMethodConfigs, PaymentMethodId } from '@/lib/payments/methods';
import type { Database } from '@/lib/server/db/schema';
import type { CspSources } from '@/lib/server/http/csp/cspSources';
import type { GatewayEvent, PaymentGateway } from './PaymentGateway';
import type { ProviderSettings } from './ProviderSettings';

/** What a gateway adapter may need from the server: its database, clock and event sink (the sandbox keeps state). */
export interface GatewayDeps {
  db: Kysely<Database>;
  now: () => Date;
  onEvent: (event: GatewayEvent) => Promise<void>;
}

/** What a method's browser view is given: its declared config (lib/payments/methods.ts); a stand-in's own otherwise. */
export type BrowserConfigOf<K extends string> = K extends PaymentMethodId ? PaymentMethodConfigs[K] : unknown;

/**
 * The server side of a payment method, declared once in its provider's folder: its settings
 * (part of the server configuration), whether it has keys, what its browser view needs in
 * a mode, and its gateway adapter (real when its keys are set, else the sandbox, which runs
 * only with PAYMENTS_SANDBOX=1 and in test mode) behind the one PaymentGateway interface.
 * Each function is given the server configuration, read through the method's own settings.
 */
export interface ServerPaymentMethod<K extends string = string, Schema extends z.ZodObject = z.ZodObject> {
  id: K;
  settings: ProviderSettings<Schema>;
  /** Whose scripts its browser code runs on payment pages, and why: the script inventory (PCI DSS 6.4.3) lists them. */
  scripts: { party: string; reason: string };
  /** Whether a mode's keys are set: the real gateway then takes this method's payments. */
  configured(env: z.output<Schema>): boolean;
  /** What the browser view needs (real keys configured). */
  browserConfig(env: z.output<Schema>, livemode: boolean): BrowserConfigOf<K>;
  /** What the provider's browser code needs allowed on the payment step (configured only; the sandbox is our own). */
  cspSources(env: z.output<Schema>): CspSources;
  /** The real gateway (configured) or the sandbox's. */
  createGateway(env: z.output<Schema>, deps: GatewayDeps): PaymentGateway;
  /**
   * A wallet that sends the visitor away and back (its gateway's `resume`): the absolute
   * address of its return page for a transaction, from the payment step's path and query.
   */
  walletReturnUrl?(origin: string, paymentStepPath: string, transactionId: string, stage: 'review' | 'result'): string;
}
