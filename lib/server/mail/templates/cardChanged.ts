import type { MailContent } from '@/lib/server/mail/MailMessage';
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
 */
export function cardChanged({ brand, offerName, livemode, card, nextCharge, pastDue = false, accountUrl }: CardChangedInput): MailContent {
  return mailContent(
    testSubject(livemode, `Your ${brand.name} payment card was changed`),
    {
      brand,
      heading: 'Your card was changed',
      preheader: `${offerName} is now paid with ${card}.`,
      blocks: [
        ...testNotice(livemode),
        {
          type: 'paragraph',
          text: pastDue
            ? `${offerName} is now paid with ${card}. The renewal that did not go through is charged to it now: your account shows whether it was paid.`
            : nextCharge
              ? `${offerName} now renews with ${card}. Nothing was charged for the change.`
              : `${offerName} is now paid with ${card}. It is cancelled and does not renew; nothing was charged for the change.`,
        },
        ...(nextCharge && !pastDue
          ? [
              {
                type: 'facts' as const,
                rows: [
                  { label: 'Next charge', value: nextCharge.date },
                  { label: 'Amount', value: nextCharge.amount },
                ],
              },
            ]
          : []),
        { type: 'paragraph', text: 'If you did not make this change, check your account:' },
        { type: 'button', label: 'Go to your account', href: accountUrl },
      ],
      footer: { accountUrl, why: `You received this e-mail because the card of a ${brand.name} subscription was changed.` },
    },
    accountUrl,
  );
}
