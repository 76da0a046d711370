import { z } from 'zod';
import { parseExpiry } from './cardFields';

/** The sandbox card form's fields as the checkout and the account's card change send them. */
export const sandboxCardInputSchema = z.strictObject({
  kind: z.literal('sandbox-card'),
  number: z.string().regex(/^[\d -]{12,23}$/, 'must be a card number'),
  expiry: z
    .string()
    .max(9)
    .refine((value) => parseExpiry(value) !== null, 'must be MM/YY'),
  cvc: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
});

export type SandboxCardInput = z.output<typeof sandboxCardInputSchema>;

export const SANDBOX_CARD_REFUSED =
  'card numbers are not taken by this server (cards are paid through the card form, never sent to us); nothing was charged';

/**
 * A sandbox card where the sandbox takes no cards (live mode, or a server with Stripe keys):
 * refused on its kind alone. Its other fields, the card number among them, are neither
 * checked nor kept, so the server never handles a card number it has no use for (PCI DSS
 * scope), and no refusal can echo one. It never succeeds, hence its output type.
 */
export const refusedSandboxCardSchema = z.object({ kind: z.literal('sandbox-card') }).transform((_card, ctx): SandboxCardInput => {
  ctx.addIssue({ code: 'custom', message: SANDBOX_CARD_REFUSED });
  return z.NEVER;
});

/** The schema of the sandbox card's fields: taken where the sandbox takes cards, refused elsewhere. */
export const sandboxCardSchema = (taken: boolean) => (taken ? sandboxCardInputSchema : refusedSandboxCardSchema);
