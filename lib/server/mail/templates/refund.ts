import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface RefundInput {
  brand: MailBrand;
  /** What was bought: the offer's name. */
  offerName: string;
  /** False for a test-mode payment: the mail says no real money moved. */
  livemode: boolean;
  /** Formatted, with its currency: "€12.50". */
  amount: string;
  /** True when everything paid was given back (the invoice's total, less nothing). */
  full: boolean;
  /** Where the money goes back to, as the invoice names it: "Visa ending in 4242", "PayPal", "Amazon Pay". */
  refundedTo: string;
  creditNoteNumber: string;
  /** The invoice the credit note corrects. */
  invoiceNumber: string;
  /** Formatted date the refund was made. */
  date: string;
  accountUrl: string;
}

/**
 * Tells the buyer a refund was made: how much, to which card or wallet, the credit note that
 * records it and the invoice it corrects. Written only once the provider confirmed the
 * refund, so it says it was made; when the money shows is the bank's or wallet's affair.
 */
export function refund(input: RefundInput): MailContent {
  const { brand, accountUrl } = input;
  return mailContent(
    testSubject(input.livemode, `Your ${brand.name} refund of ${input.amount}`),
    {
      brand,
      heading: 'Your refund',
      preheader: `${input.amount} refunded to ${input.refundedTo}.`,
      blocks: [
        ...testNotice(input.livemode, 'This was a test refund: no real money moved.'),
        {
          type: 'paragraph',
          text: `We refunded ${input.full ? 'the whole of' : 'part of'} your payment for ${input.offerName}: ${input.amount}, to ${input.refundedTo}. It shows on your statement once your bank or wallet has processed it.`,
        },
        {
          type: 'facts',
          rows: [
            { label: 'Amount refunded', value: input.amount },
            { label: 'Refunded to', value: input.refundedTo },
            { label: 'Credit note number', value: input.creditNoteNumber },
            { label: 'For invoice', value: input.invoiceNumber },
            { label: 'Date', value: input.date },
          ],
        },
        { type: 'paragraph', text: 'Your invoices and this refund are in your account:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because a payment to ${brand.name} was refunded.` },
    },
    accountUrl,
  );
}
