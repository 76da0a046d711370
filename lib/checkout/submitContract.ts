import { z } from 'zod';
import { billingSchemas } from './billing';
import { quoteRequestSchema } from './quoteContract';
import { refusedSandboxCardSchema, sandboxCardInputSchema } from '@/lib/payments/sandbox/sandboxCardInput';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { NextAction } from '@/lib/payments/nextAction';
import { WALLET_METHOD_IDS, type WalletId } from '@/lib/payments/methods';
import { EXPRESS_WALLET_IDS } from '@/lib/payments/express/expressWallets';
import { knownTimeZone, TIME_ZONE_MAX_LENGTH, TIME_ZONE_PATTERN } from '@/lib/i18n/timeZone';

const stripePaymentMethod = z.strictObject({
  kind: z.literal('stripe-payment-method'),
  paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a Stripe payment method id'),
});

/** The wallet a card payment came through, as the submit sends it; a value not listed is refused with its message. */
const expressWalletSchema = z.enum(EXPRESS_WALLET_IDS, {
  error: () => `must be one of ${EXPRESS_WALLET_IDS.join(', ')}`,
});

/** A wallet: nothing to send, the visitor approves at the wallet. Every declared wallet is one. */
const wallet = z.strictObject({ kind: z.enum(WALLET_METHOD_IDS as [WalletId, ...WalletId[]]) });

/**
 * The submit endpoint's contract, shared by the server and the browser, where the sandbox takes
 * cards (its card form, the tests); the server picks a request's contract with submitRequestSchemaFor.
 */
export const submitRequestSchema = quoteRequestSchema.omit({ country: true, region: true }).extend({
  /** One per checkout attempt, made by the browser: repeated submits of an attempt charge once. */
  idempotencyKey: z.uuid('must be a UUID').transform((key) => key.toLowerCase()),
  billing: billingSchemas().billing,
  autoRenewalConsent: z.boolean(),
  payment: z.discriminatedUnion('kind', [sandboxCardInputSchema, stripePaymentMethod, wallet]),
  /**
   * The express wallet (Apple Pay, Google Pay, Link) that handed over the card paid with;
   * null when the card was typed. Only a card payment comes through one (the server refuses
   * it with another kind).
   */
  expressWallet: expressWalletSchema.nullish().transform((expressWallet) => expressWallet ?? null),
  livemode: z.boolean(),
  source: z.string().max(200).nullable(),
  /**
   * The session id the page's events carry (lib/tracking/tracingSession.ts), kept with the
   * order so that the page coming back from the bank or a wallet continues the same visit.
   */
  trackingSessionId: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'must be a session id')
    .nullish()
    .transform((id) => id ?? null),
  /**
   * The buyer's IANA time zone as the browser resolves it, kept with the order for the times
   * its e-mails show. One this server does not know, or none, is UTC: never a refused purchase;
   * only a value no time zone could be is refused.
   */
  timeZone: z
    .string()
    .max(TIME_ZONE_MAX_LENGTH, `must be at most ${TIME_ZONE_MAX_LENGTH} characters`)
    .regex(TIME_ZONE_PATTERN, 'must be an IANA time zone such as Europe/Berlin')
    .nullish()
    .transform(knownTimeZone),
  /** The payment step's own path and query, to come back to after 3-D Secure or a wallet. */
  returnPath: z
    .string()
    .max(600)
    .regex(/^\/[a-z0-9-]+\/[a-z0-9-]+\/credit-card(\?[^#\s]*)?$/, 'must be the card step of a journey'),
});

export type SubmitRequest = z.output<typeof submitRequestSchema>;
export type SubmitRequestInput = z.input<typeof submitRequestSchema>;

const submitRequestSchemaWithoutCards = submitRequestSchema.extend({
  payment: z.discriminatedUnion('kind', [refusedSandboxCardSchema, stripePaymentMethod, wallet]),
});

/**
 * The contract of one request: with the sandbox card's fields only where the sandbox takes
 * cards in the request's mode, so that a live or Stripe-only server never parses a card number.
 */
export function submitRequestSchemaFor(sandboxCards: boolean): z.ZodType<SubmitRequest> {
  return sandboxCards ? submitRequestSchema : submitRequestSchemaWithoutCards;
}

export type SubmitResponse =
  | { status: 'succeeded'; transactionId: string; successPath: string }
  | { status: 'requires_action'; transactionId: string; action: NextAction }
  | { status: 'failed'; transactionId: string | null; code: PaymentFailureCode; message: string };

/** After the visitor authenticated with their bank in the page, the browser asks where the payment stands. */
export const confirmRequestSchema = z.strictObject({
  idempotencyKey: z.uuid('must be a UUID').transform((key) => key.toLowerCase()),
  returnPath: submitRequestSchema.shape.returnPath,
});
