import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
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
 * In the subscriber's words (`words`).
 */
export function withdrawalAcknowledgment(input: WithdrawalAcknowledgmentInput, words: Words = englishMailWords()): MailContent {
  const { brand, automaticAt } = input;
  const { t } = words;
  return mailContent(
    testSubject(input.livemode, t('mail.withdrawalAck.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.withdrawalAck.heading'),
      preheader: t('mail.withdrawalAck.preheader', { receivedAt: input.receivedAt }),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.purchaseMoves')),
        {
          type: 'paragraph',
          text: t('mail.withdrawalAck.intro', { receivedAt: input.receivedAt, offer: input.offerName, invoice: input.invoiceNumber }),
        },
        {
          type: 'paragraph',
          text: input.refundAmount
            ? t('mail.withdrawalAck.ask.refund', { amount: input.refundAmount, refundedTo: input.refundedTo, automaticAt })
            : t('mail.withdrawalAck.ask.free', { automaticAt }),
        },
        { type: 'button', label: t('mail.withdrawalAck.confirm'), href: input.confirmUrl, spelledOut: true },
        { type: 'paragraph', text: t('mail.withdrawalAck.ifNotYou', { automaticAt }) },
        { type: 'button', label: t('mail.withdrawalAck.notMe'), href: input.objectUrl, spelledOut: true },
        {
          type: 'facts',
          rows: [
            { label: t('mail.fact.received'), value: input.receivedAt },
            { label: t('mail.fact.contract'), value: t('mail.withdrawal.contractOf', { brand: brand.name, offer: input.offerName }) },
            { label: t('mail.fact.invoice'), value: input.invoiceNumber },
            { label: t('mail.fact.automaticOn'), value: automaticAt },
          ],
        },
        { type: 'paragraph', text: t('mail.withdrawalAck.keep') },
      ],
      footer: { why: t('mail.withdrawalAck.why', { brand: brand.name }) },
    },
    input.confirmUrl,
    words,
  );
}
