import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
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
  /** The credit note goes with the mail as a PDF (the mail then says so). */
  creditNoteAttached: boolean;
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
 * In the buyer's words (`words`).
 */
export function refund(input: RefundInput, words: Words = englishMailWords()): MailContent {
  const { brand, accountUrl } = input;
  const { t } = words;
  const paid = { offer: input.offerName, amount: input.amount, refundedTo: input.refundedTo };
  return mailContent(
    testSubject(input.livemode, t('mail.refund.subject', { brand: brand.name, amount: input.amount }), words),
    {
      brand,
      heading: t('mail.refund.heading'),
      preheader: t('mail.refund.preheader', paid),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.refund')),
        { type: 'paragraph', text: t(input.full ? 'mail.refund.intro.full' : 'mail.refund.intro.partial', paid) },
        {
          type: 'facts',
          rows: [
            { label: t('mail.fact.amountRefunded'), value: input.amount },
            { label: t('mail.fact.refundedTo'), value: input.refundedTo },
            { label: t('mail.fact.creditNoteNumber'), value: input.creditNoteNumber },
            { label: t('mail.fact.forInvoice'), value: input.invoiceNumber },
            { label: t('mail.fact.date'), value: input.date },
          ],
        },
        ...(input.creditNoteAttached
          ? [{ type: 'paragraph' as const, text: t('mail.attached.creditNote', { number: input.creditNoteNumber }) }]
          : []),
        { type: 'paragraph', text: t('mail.refund.account') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
      ],
      footer: { accountUrl, why: t('mail.refund.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
