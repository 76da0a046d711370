import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export type PurchaseAcknowledgmentInput = {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode purchase: the mail says no real payment was taken. */
  livemode: boolean;
  invoiceNumber: string;
  /** The invoice goes with the mail as a PDF (the mail then says so); false for an order without one. */
  invoiceAttached: boolean;
  /** Formatted, with its currency: "$4.99". */
  amountPaid: string;
  /** The auto-renewal terms the buyer agreed to, word for word: shown exactly so. */
  renewalTerms: string;
  /** Where the subscriber signs in to manage or cancel. */
  accountUrl: string;
  /** Where anyone can cancel without signing in. */
  cancelUrl: string;
} & (
  | { /** Formatted date of the next charge. */ nextChargeDate: string; trialEndsOn?: undefined }
  | { /** Formatted date the free trial ends. */ trialEndsOn: string; nextChargeDate?: undefined }
);

/**
 * The acknowledgment a buyer keeps (New York GBL 527-a, California's ARL): what was bought
 * and paid, the renewal terms exactly as agreed, and how to cancel, online in the account
 * or without signing in. In the buyer's words (`words`: the order's locale); the values
 * come formatted in it.
 */
export function purchaseAcknowledgment(input: PurchaseAcknowledgmentInput, words: Words = englishMailWords()): MailContent {
  const { brand, offerName, accountUrl, cancelUrl } = input;
  const { t } = words;
  const subject = testSubject(input.livemode, t('mail.purchase.subject', { brand: brand.name, offer: offerName }), words);
  const next =
    input.trialEndsOn !== undefined
      ? { label: t('mail.fact.trialEnds'), value: input.trialEndsOn }
      : { label: t('mail.fact.nextCharge'), value: input.nextChargeDate };
  return mailContent(
    subject,
    {
      brand,
      heading: t('mail.purchase.heading'),
      preheader: t('mail.purchase.preheader', { offer: offerName }),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.purchase')),
        { type: 'paragraph', text: t('mail.purchase.intro', { offer: offerName }) },
        {
          type: 'facts',
          rows: [
            { label: t('mail.fact.subscription'), value: offerName },
            { label: t('mail.fact.invoiceNumber'), value: input.invoiceNumber },
            { label: t('mail.fact.amountPaid'), value: input.amountPaid },
            next,
          ],
        },
        ...(input.invoiceAttached
          ? [{ type: 'paragraph' as const, text: t('mail.attached.invoice', { number: input.invoiceNumber }) }]
          : []),
        { type: 'verbatim', heading: t('mail.renewalTerms'), lines: input.renewalTerms.split(/\r?\n/) },
        { type: 'heading', text: t('mail.cancel.heading') },
        { type: 'paragraph', text: t('mail.cancel.online') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
        { type: 'link', text: t('mail.cancel.withoutSignIn'), href: cancelUrl },
      ],
      footer: { accountUrl, cancelUrl, why: t('mail.purchase.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
