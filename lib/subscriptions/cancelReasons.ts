/**
 * The reasons the account's cancel page offers (components/account/CancelSubscriptionView).
 * The subscriber may add words after one ("Too expensive: …"), and the public cancel page
 * takes free text only, so the stored reason is free text: the marketers' report groups it
 * back into these choices and "Other".
 */
export const CANCEL_REASON_CHOICES = [
  'Too expensive',
  'I do not read it enough',
  'I found another source',
  'Technical problems',
  'Another reason',
] as const;

/** How a choice and the subscriber's own words are joined in the stored reason. */
export const CANCEL_REASON_SEPARATOR = ': ';

/** The stored reason: the choice, the subscriber's words, both joined, or null when neither was given. */
export function cancelReasonOf(choice: string, details: string): string | null {
  return [choice, details.trim()].filter(Boolean).join(CANCEL_REASON_SEPARATOR) || null;
}
