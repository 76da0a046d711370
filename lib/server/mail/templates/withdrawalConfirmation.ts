import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface WithdrawalConfirmationInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode purchase: the mail says no real money moves. */
  livemode: boolean;
  /** Formatted date and time the withdrawal was received: "November 27, 2026 at 09:14 UTC". */
  receivedAt: string;
  /** The contract's identification: the purchase's invoice number. */
  invoiceNumber: string;
  /** What is refunded, formatted ("€25.00"); null when nothing was paid. */
  refundAmount: string | null;
  /** True when it is everything paid; false when part was refunded before (the rest is refunded). */
  whole: boolean;
  /** Where the money goes back to: "Visa ending in 4242", "PayPal". */
  refundedTo: string;
  accountUrl: string;
}

/**
 * The durable confirmation of a withdrawal (Directive 2011/83/EU art. 11 as amended by
 * 2023/2673; UK CCR 2013): when it was received, what was withdrawn from, that access ended,
 * and the refund under way. Queued with the declaration, before the provider answers the
 * refund: so it says the refund is being made, and the refund's own e-mail says it was.
 */
export function withdrawalConfirmation(input: WithdrawalConfirmationInput): MailContent {
  const { brand, accountUrl } = input;
  const refundText = input.refundAmount
    ? `We are refunding ${input.whole ? 'everything you paid for it' : 'the rest of what you paid for it'}, ${input.refundAmount}, to ${input.refundedTo}. A separate e-mail confirms the refund and its credit note once it is made.`
    : 'Nothing was charged for it, so there is nothing to refund.';
  return mailContent(
    testSubject(input.livemode, `Your withdrawal from your ${brand.name} contract`),
    {
      brand,
      heading: 'We received your withdrawal',
      preheader: `Received on ${input.receivedAt}.`,
      blocks: [
        ...testNotice(input.livemode, 'This was a test purchase: no real money moves.'),
        {
          type: 'paragraph',
          text: `We received your withdrawal from the contract for ${input.offerName} (invoice ${input.invoiceNumber}) on ${input.receivedAt}. The subscription has ended and will not renew.`,
        },
        { type: 'paragraph', text: refundText },
        {
          type: 'facts',
          rows: [
            { label: 'Received', value: input.receivedAt },
            { label: 'Contract', value: `${brand.name}: ${input.offerName}` },
            { label: 'Invoice', value: input.invoiceNumber },
            { label: 'Refund', value: input.refundAmount ? `${input.refundAmount} to ${input.refundedTo}` : 'Nothing was charged' },
          ],
        },
        { type: 'paragraph', text: 'Please keep this e-mail as your record of the withdrawal. Your invoices are in your account:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because a withdrawal from a ${brand.name} contract was received.` },
    },
    accountUrl,
  );
}
