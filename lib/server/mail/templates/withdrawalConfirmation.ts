import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
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
 * In the subscriber's words (`words`).
 */
export function withdrawalConfirmation(input: WithdrawalConfirmationInput, words: Words = englishMailWords()): MailContent {
  const { brand, accountUrl, refundAmount, refundedTo } = input;
  const { t } = words;
  return mailContent(
    testSubject(input.livemode, t('mail.withdrawal.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.withdrawal.heading'),
      preheader: t('mail.withdrawal.preheader', { receivedAt: input.receivedAt }),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.purchaseMoves')),
        {
          type: 'paragraph',
          text: t('mail.withdrawal.intro', { offer: input.offerName, invoice: input.invoiceNumber, receivedAt: input.receivedAt }),
        },
        {
          type: 'paragraph',
          text: refundAmount
            ? t(input.whole ? 'mail.withdrawal.refund.whole' : 'mail.withdrawal.refund.rest', { amount: refundAmount, refundedTo })
            : t('mail.withdrawal.refund.none'),
        },
        {
          type: 'facts',
          rows: [
            { label: t('mail.fact.received'), value: input.receivedAt },
            { label: t('mail.fact.contract'), value: t('mail.withdrawal.contractOf', { brand: brand.name, offer: input.offerName }) },
            { label: t('mail.fact.invoice'), value: input.invoiceNumber },
            {
              label: t('mail.fact.refund'),
              value: refundAmount
                ? t('mail.withdrawal.refundFact', { amount: refundAmount, refundedTo })
                : t('mail.withdrawal.refundFactNone'),
            },
          ],
        },
        { type: 'paragraph', text: t('mail.withdrawal.keep') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
      ],
      footer: { accountUrl, why: t('mail.withdrawal.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
