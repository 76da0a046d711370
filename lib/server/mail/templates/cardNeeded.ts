import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface CardNeededInput {
  brand: MailBrand;
  offerName: string;
  livemode: boolean;
  /** Formatted date of the renewal. */
  renewsOn: string;
  /** Formatted, with its currency and tax: "$50.00 (tax included)". */
  amount: string;
  /** Formatted dates the renewal's failure would give (the dunning policy): access kept until, and the end. */
  accessUntil: string;
  endsOn: string;
  /** The account's card page for this subscription. */
  cardUrl: string;
  accountUrl: string;
  cancelUrl: string;
}

/**
 * A subscription we are to renew with nothing saved to charge (a card never kept, a record
 * migrated without one): its owner is asked for a card before the renewal, told what happens
 * without one (a hard decline: past due, no retry, then the end), and how to cancel. In the
 * subscriber's words (`words`).
 */
export function cardNeeded(input: CardNeededInput, words: Words = englishMailWords()): MailContent {
  const { brand, offerName, renewsOn, cardUrl, accountUrl, cancelUrl } = input;
  const { t } = words;
  return mailContent(
    testSubject(input.livemode, t('mail.cardNeeded.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.cardNeeded.heading'),
      preheader: t('mail.cardNeeded.preheader', { offer: offerName, date: renewsOn }),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.subscription')),
        { type: 'paragraph', text: t('mail.cardNeeded.intro', { offer: offerName, date: renewsOn, amount: input.amount }) },
        {
          type: 'facts',
          rows: [
            { label: t('mail.fact.subscription'), value: offerName },
            { label: t('mail.fact.renewsOn'), value: renewsOn },
            { label: t('mail.fact.amount'), value: input.amount },
          ],
        },
        { type: 'paragraph', text: t('mail.cardNeeded.addBefore', { date: renewsOn }) },
        { type: 'button', label: t('mail.cardNeeded.add'), href: cardUrl, spelledOut: true },
        { type: 'heading', text: t('mail.cardNeeded.withoutHeading') },
        {
          type: 'paragraph',
          text: t('mail.cardNeeded.without', { date: renewsOn, accessUntil: input.accessUntil, endsOn: input.endsOn }),
        },
        { type: 'heading', text: t('mail.cancel.heading') },
        { type: 'link', text: t('mail.cardNeeded.cancel', { date: renewsOn }), href: accountUrl },
        { type: 'link', text: t('mail.cancel.withoutSignIn'), href: cancelUrl },
      ],
      footer: { accountUrl, cancelUrl, why: t('mail.cardNeeded.why', { brand: brand.name }) },
    },
    cardUrl,
    words,
  );
}
