import type { MailContent } from '@/lib/server/mail/MailMessage';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface RenewalReceiptInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the mail says no real payment was taken. */
  livemode: boolean;
  invoiceNumber: string;
  /** Formatted, with its currency: "$4.99". */
  amountPaid: string;
  /** The paid period, formatted: "26 November 2026 – 26 December 2026". */
  period: string;
  /** Formatted date of the next charge. */
  nextChargeDate: string;
  /** True when earlier tries of this renewal had failed: the subscription is active again. */
  recovered: boolean;
  accountUrl: string;
  cancelUrl: string;
}

/** The receipt of a renewal our engine charged: what was paid, for which period, the invoice, and how to cancel. */
export function renewalReceipt(input: RenewalReceiptInput): MailContent {
  const { brand, offerName, accountUrl, cancelUrl } = input;
  return mailContent(
    testSubject(input.livemode, `Your ${brand.name} receipt: ${offerName} renewed`),
    {
      brand,
      heading: input.recovered ? 'Payment received: your subscription is active again' : 'Your subscription renewed',
      preheader: `${offerName}: ${input.amountPaid} for ${input.period}.`,
      blocks: [
        ...testNotice(input.livemode, 'This was a test renewal: no real payment was taken.'),
        {
          type: 'paragraph',
          text: input.recovered
            ? `Thank you: the payment for ${offerName} went through, and your subscription is active again.`
            : `${offerName} renewed for another period. This is your receipt.`,
        },
        {
          type: 'facts',
          rows: [
            { label: 'Subscription', value: offerName },
            { label: 'Invoice number', value: input.invoiceNumber },
            { label: 'Amount paid', value: input.amountPaid },
            { label: 'Period', value: input.period },
            { label: 'Next charge', value: input.nextChargeDate },
          ],
        },
        { type: 'paragraph', text: 'Your invoices are in your account, where you can also cancel:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
        { type: 'link', text: 'Or cancel without signing in, on this page:', href: cancelUrl },
      ],
      footer: { accountUrl, cancelUrl, why: `You received this e-mail because your ${brand.name} subscription renewed.` },
    },
    accountUrl,
  );
}
