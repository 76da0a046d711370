import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface CardChangedInput {
  brand: MailBrand;
  offerName: string;
  /** False for a test-mode subscription: the subject and the body say it is a test. */
  livemode: boolean;
  /** The new card as the account shows it: "Visa ending in 4444". */
  card: string;
  /** The next renewal it will pay, formatted; null when the subscription is cancelled and does not renew. */
  nextCharge: { date: string; amount: string } | null;
  /**
   * Past due: the new card pays the renewal that failed, charged right after this mail is
   * written (lib/server/renewals/chargeAfterCardChange), so it neither says nothing was
   * charged nor names the failed date as the next charge.
   */
  pastDue?: boolean;
  accountUrl: string;
}

/**
 * Tells the subscriber the card that renews their subscription was changed, naming the new
 * one, so that a change they did not make is noticed. Nothing was charged by the change.
 * In the subscriber's words (`words`).
 */
export function cardChanged(
  { brand, offerName, livemode, card, nextCharge, pastDue = false, accountUrl }: CardChangedInput,
  words: Words = englishMailWords(),
): MailContent {
  const { t } = words;
  const values = { offer: offerName, card };
  return mailContent(
    testSubject(livemode, t('mail.cardChanged.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.cardChanged.heading'),
      preheader: t('mail.cardChanged.preheader', values),
      blocks: [
        ...testNotice(livemode, t('mail.test.subscription')),
        {
          type: 'paragraph',
          text: pastDue
            ? t('mail.cardChanged.intro.pastDue', values)
            : nextCharge
              ? t('mail.cardChanged.intro.renews', values)
              : t('mail.cardChanged.intro.cancelled', values),
        },
        ...(nextCharge && !pastDue
          ? [
              {
                type: 'facts' as const,
                rows: [
                  { label: t('mail.fact.nextCharge'), value: nextCharge.date },
                  { label: t('mail.fact.amount'), value: nextCharge.amount },
                ],
              },
            ]
          : []),
        { type: 'paragraph', text: t('mail.change.notYou') },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
      ],
      footer: { accountUrl, why: t('mail.cardChanged.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
