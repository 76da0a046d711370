import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface WithdrawalAcknowledgmentInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode purchase: the mail says no real money moves. */
  livemode: boolean;
  /** Formatted date and time the withdrawal was declared: "November 27, 2026 at 09:14 UTC". */
  receivedAt: string;
  invoiceNumber: string;
  /** What would be refunded, formatted ("€25.00"); null when nothing was paid. */
  refundAmount: string | null;
  /** Where the money would go back to: "Visa ending in 4242", "PayPal". */
  refundedTo: string;
  /** Formatted date and time it is carried out if nobody answers. */
  automaticAt: string;
  confirmUrl: string;
  objectUrl: string;
}

/**
 * The acknowledgment, on a durable medium, of a withdrawal declared on the public page
 * (§ 356a BGB; Art. 11a of Directive 2011/83/EU as amended by 2023/2673), sent to the
 * subscription's own address: when it was received, that it stands from then, and two links,
 * because the page cannot tell the subscriber from someone who knows an address and guessed
 * an invoice number: confirm it (ended and refunded now), or "this was not me" (kept).
 */
export function withdrawalAcknowledgment(input: WithdrawalAcknowledgmentInput): MailContent {
  const { brand } = input;
  const refund = input.refundAmount
    ? `we end the subscription and refund ${input.refundAmount} to ${input.refundedTo}`
    : 'we end the subscription (nothing was charged for it, so there is nothing to refund)';
  return mailContent(
    testSubject(input.livemode, `Please confirm your withdrawal from your ${brand.name} contract`),
    {
      brand,
      heading: 'We received a withdrawal from your contract',
      preheader: `Received on ${input.receivedAt}. Confirm it, or tell us it was not you.`,
      blocks: [
        ...testNotice(input.livemode, 'This was a test purchase: no real money moves.'),
        {
          type: 'paragraph',
          text: `On ${input.receivedAt}, a withdrawal from your contract for ${input.offerName} (invoice ${input.invoiceNumber}) was declared on our withdrawal page. If it was you, your withdrawal counts from that moment.`,
        },
        {
          type: 'paragraph',
          text: `Because anyone can use that page, we ask you first. If it was you, confirm it and ${refund}. If you do nothing, we do the same on ${input.automaticAt}.`,
        },
        { type: 'button', label: 'Confirm withdrawal', href: input.confirmUrl, spelledOut: true },
        {
          type: 'paragraph',
          text: `If it was not you, tell us before ${input.automaticAt}: your subscription continues unchanged, and our customer care is told.`,
        },
        { type: 'button', label: 'This was not me', href: input.objectUrl, spelledOut: true },
        {
          type: 'facts',
          rows: [
            { label: 'Received', value: input.receivedAt },
            { label: 'Contract', value: `${brand.name}: ${input.offerName}` },
            { label: 'Invoice', value: input.invoiceNumber },
            { label: 'Carried out without an answer on', value: input.automaticAt },
          ],
        },
        { type: 'paragraph', text: 'Please keep this e-mail as your record of the withdrawal. Each link works once.' },
      ],
      footer: {
        why: `You received this e-mail because a withdrawal from a ${brand.name} contract held at this address was declared on our withdrawal page.`,
      },
    },
    input.confirmUrl,
  );
}
