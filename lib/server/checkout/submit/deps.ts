import type { Kysely } from 'kysely';
import type { SubmitResponse } from '@/lib/checkout/submitContract';
import type { CheckoutLimits } from '@/lib/server/checkout/CheckoutLimits';
import type { Database } from '@/lib/server/db/schema';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';

export interface CheckoutDeps {
  db: Kysely<Database>;
  /** The gateways of the enabled payment methods. */
  gateways: readonly PaymentGateway[];
  now: () => Date;
  /** How long a repeated submit waits for the first one of its attempt to finish. */
  waitForConcurrentMs?: number;
  /** The site's origin, for wallets that need absolute return URLs; null or absent when unknown. */
  origin?: string | null;
  /** The signed-in visitor's verified e-mail (null: not signed in), kept with the purchase. */
  buyerIdentity?: string | null;
  /** Whether the signed-in visitor already subscribes to the brand (not signed in: false). */
  alreadySubscribed?: (brandSlug: string) => Promise<boolean>;
  /** The requesting client, kept with the buyer's consent to renewal terms as its proof. */
  client?: { address: string | null; userAgent: string | null };
  /** The requesting client's abuse limits (429 before anything is written or charged); absent: none. */
  limits?: Pick<CheckoutLimits, 'admitSubmit' | 'admitCard' | 'recordDecline' | 'admitConfirm'>;
}

export interface SubmitOutcome {
  response: SubmitResponse;
  /** The receipt the browser keeps to see its invoice: the transaction and the attempt's key. */
  receipt: { transactionId: string; token: string } | null;
}
