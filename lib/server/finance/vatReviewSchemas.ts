import { z } from 'zod';

/** POST /api/operator/vat-numbers/{subscriptionId}: the number judged, and the decision. */
export const vatReviewBody = z.strictObject({
  vatNumber: z.string().regex(/^[A-Z]{2}[0-9A-Z+*.]{2,14}$/, 'Name the VAT number checked, as the list shows it (DE123456789).'),
  decision: z.enum(['verified', 'rejected'], "Say what the check found: 'verified' or 'rejected'."),
});

export const vatReviewQuery = z.strictObject({
  subscriptionId: z.string().regex(/^sub_[a-z2-7]{16}$/, 'This is not a subscription id (sub_ and 16 letters or digits).'),
});
