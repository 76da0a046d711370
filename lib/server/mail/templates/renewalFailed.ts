import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';

export interface RenewalFailedInput {
  brand: MailBrand;
  offerName: string;
  livemode: boolean;
  /** Formatted, with its currency. */
  amount: string;
  /** Why, in the buyer's words (lib/payments/paymentErrors.ts, or the bank's request to confirm). */
  reason: string;
  /** Formatted date of the next automatic try; null when none is made (a hard decline, the bank wants the buyer). */
  nextTryDate: string | null;
  /** Formatted date access ends unless it is paid. */
  accessUntil: string;
  /** Formatted date the subscription ends unless it is paid. */
  endsOn: string;
  /** Where the card is changed; a change charges the renewal at once. */
  cardUrl: string;
  accountUrl: string;
}

/** A renewal that could not be charged: what happened, what happens next and the one link that fixes it. */
export function renewalFailed(input: RenewalFailedInput): MailContent {
  const { brand, offerName, accountUrl, cardUrl } = input;
  const next = input.nextTryDate ? `We will try again on ${input.nextTryDate}.` : 'We will not try this card again.';
  return mailContent(
    `${input.livemode ? '' : '[Test] '}Action needed: your ${brand.name} payment did not go through`,
    {
      brand,
      heading: 'Your payment did not go through',
      preheader: `${offerName}: ${input.reason}`,
      blocks: [
        {
          type: 'paragraph',
          text: `We could not charge ${input.amount} for the renewal of ${offerName}. ${input.reason} ${next}`,
        },
        {
          type: 'facts',
          rows: [
            { label: 'Access until', value: input.accessUntil },
            { label: 'Ends unless paid by', value: input.endsOn },
          ],
        },
        { type: 'paragraph', text: 'Give another card and we charge it at once; your subscription is then active again:' },
        { type: 'button', label: 'Update your card', href: cardUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because a payment for your ${brand.name} subscription failed.` },
    },
    cardUrl,
  );
}
