import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface DuplicatePurchaseInput {
  brand: MailBrand;
  /** What this purchase bought: the offer's name. */
  offerName: string;
  /** What the subscription held already is: its offer's name. */
  earlierOfferName: string;
  /** False for a test-mode purchase: the mail says no real money moved. */
  livemode: boolean;
  /** Formatted, with its currency: "$25.00"; what the undo refunds. */
  amountPaid: string;
  /** Whether anything was charged: a free trial has nothing to refund, the undo only ends it. */
  charged: boolean;
  /** Formatted date of the purchase. */
  purchasedOn: string;
  /** The one-click page that undoes the purchase (it asks before doing anything). */
  undoUrl: string;
  /** How many days the link works. */
  validDays: number;
}

/**
 * Sent when a purchase started a second subscription of a brand that its buyer's address
 * already had: nobody is refused at checkout (that would tell anyone who subscribes), so
 * the buyer learns it here, privately, with a one-click way to undo it with a full refund.
 * In the buyer's words (`words`).
 */
export function duplicatePurchase(input: DuplicatePurchaseInput, words: Words = englishMailWords()): MailContent {
  const { brand, undoUrl } = input;
  const { t } = words;
  return mailContent(
    testSubject(input.livemode, t('mail.duplicate.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.duplicate.heading', { brand: brand.name }),
      preheader: t('mail.duplicate.preheader'),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.purchaseMoved')),
        {
          type: 'paragraph',
          text: t('mail.duplicate.intro', {
            brand: brand.name,
            earlier: input.earlierOfferName,
            offer: input.offerName,
            date: input.purchasedOn,
          }),
        },
        {
          type: 'paragraph',
          text: input.charged
            ? t('mail.duplicate.undo.refund', { amount: input.amountPaid, days: input.validDays })
            : t('mail.duplicate.undo.free', { days: input.validDays }),
        },
        { type: 'button', label: t('mail.duplicate.undoButton'), href: undoUrl, spelledOut: true },
        { type: 'paragraph', text: t('mail.duplicate.meant') },
      ],
      footer: { why: t('mail.duplicate.why', { brand: brand.name }) },
    },
    undoUrl,
    words,
  );
}
