import { z } from 'zod';
import { plainText } from '@/lib/text/plainText';
import { CARE_QUERY_RULE, careQueryOf } from './careQuery';

/** The queries and bodies of customer care's routes (pages/api/operator/care). */
export const careSearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, 'Enter a customer’s e-mail address or an invoice number.')
    .max(254, 'Enter a whole e-mail address or invoice number (at most 254 characters).')
    .check(plainText('search', 'Enter an e-mail address or invoice number without control characters.'))
    .refine((q) => careQueryOf(q) !== null, CARE_QUERY_RULE),
});

export const subscriptionIdQuery = z.strictObject({
  id: z.string().regex(/^sub_[a-z2-7]{16}$/, 'This is not a subscription id (sub_ and 16 letters or digits).'),
});

export const transactionIdQuery = z.strictObject({
  id: z.string().regex(/^txn_[A-Za-z0-9_-]{1,64}$/, 'This is not a payment id (txn_…).'),
});

const reason = z
  .string()
  .trim()
  .min(1, 'Say why, for the records (the customer does not see it).')
  .max(500, 'Keep the reason under 500 characters.')
  .check(plainText('reason', 'Write the reason on one line, without control characters.'));

export const careCancelBody = z.strictObject({
  when: z.enum(['period_end', 'now'], "Say when: 'period_end' (access until the period ends) or 'now'."),
  reason,
});

export const careRefundBody = z.strictObject({
  amount: z.union(
    [z.literal('full'), z.number().int().positive().max(1_000_000_000)],
    "The amount is a positive whole number of minor units (cents), or 'full'.",
  ),
  reason,
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{8,100}$/, 'The idempotency key is 8 to 100 letters, digits or _ : . - (one per refund meant).'),
});

/** A delivery address within the subscription's country: its parts are checked by that country's rules (movedAddress). */
export const careAddressBody = z.strictObject({
  address: z.strictObject({
    line1: z.string().max(200, 'The street address is at most 120 characters.'),
    city: z.string().max(200, 'The city is at most 80 characters.'),
    postalCode: z.string().max(40, 'The postal code is at most 16 characters.'),
    region: z.string().max(200, 'The region is at most 60 characters.').optional(),
  }),
  reason,
});

export type CareAddressBody = z.infer<typeof careAddressBody>;
export type CareCancelBody = z.infer<typeof careCancelBody>;
export type CareRefundBody = z.infer<typeof careRefundBody>;
