import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface RenewalReceiptInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the mail says no real payment was taken. */
  livemode: boolean;
  invoiceNumber: string;
  /** The invoice goes with the mail as a PDF (the mail then says so). */
  invoiceAttached: boolean;
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

/**
 * The receipt of a renewal our engine charged: what was paid, for which period, the invoice,
 * and how to cancel. In the subscriber's words (`words`); the values come formatted in them.
 */
export function renewalReceipt(input: RenewalReceiptInput, words: Words = englishMailWords()): MailContent {
  const { brand, offerName, accountUrl, cancelUrl } = input;
  const { t } = words;
  return mailContent(
    testSubject(input.livemode, t('mail.receipt.subject', { brand: brand.name, offer: offerName }), words),
    {
      brand,
      heading: t(input.recovered ? 'mail.receipt.heading.recovered' : 'mail.receipt.heading.renewed'),
      preheader: t('mail.receipt.preheader', { offer: offerName, amount: input.amountPaid, period: input.period }),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.renewal')),
        {
          type: 'paragraph',
          text: t(input.recovered ? 'mail.receipt.intro.recovered' : 'mail.receipt.intro.renewed', { offer: offerName }),
        },
        {
          type: 'facts',
          rows: [
            { label: t('mail.fact.subscription'), value: offerName },
            { label: t('mail.fact.invoiceNumber'), value: input.invoiceNumber },
            { label: t('mail.fact.amountPaid'), value: input.amountPaid },
            { label: t('mail.fact.period'), value: input.period },
            { label: t('mail.fact.nextCharge'), value: input.nextChargeDate },
          ],
        },
        ...(input.invoiceAttached
          ? [{ type: 'paragraph' as const, text: t('mail.attached.invoice', { number: input.invoiceNumber }) }]
          : []),
        { type: 'paragraph', text: t('mail.receipt.invoices') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
        { type: 'link', text: t('mail.cancel.withoutSignIn'), href: cancelUrl },
      ],
      footer: { accountUrl, cancelUrl, why: t('mail.receipt.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
