import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface RenewalNoticeInput {
  brand: MailBrand;
  offerName: string;
  livemode: boolean;
  /** `renewal`: the subscription renews soon; `yearly-reminder`: a reminder of its terms; `price-change`: its renewal price changes. */
  kind: 'renewal' | 'yearly-reminder' | 'price-change';
  /** A price change's price until then, formatted; null otherwise. */
  previousAmount: string | null;
  /** Formatted date of the next charge. */
  renewsOn: string;
  /** Formatted, with its currency and tax: "$50.00 (tax included)". */
  amount: string;
  /** How it is paid: "Visa ending in 4242", "PayPal". */
  paymentMethod: string;
  /** Formatted date an introductory price (or free trial) ends at this renewal; null when it is not one. */
  introductoryEndsOn: string | null;
  /** The introductory period is a free trial (it is said so), not a promotional price. */
  trial?: boolean;
  /** The renewal terms the buyer agreed to, word for word. */
  renewalTerms: string;
  /**
   * Formatted last day on which the subscriber may refuse a tacit renewal (France, Code de la
   * consommation L215-1), which the notice must state; null where the law asks for none.
   */
  refuseBy?: string | null;
  accountUrl: string;
  cancelUrl: string;
}

const SUBJECT = {
  renewal: 'mail.notice.subject.renewal',
  'yearly-reminder': 'mail.notice.subject.yearlyReminder',
  'price-change': 'mail.notice.subject.priceChange',
} as const satisfies Record<RenewalNoticeInput['kind'], MessageKey>;

const HEADING = {
  renewal: 'mail.notice.heading.renewal',
  'yearly-reminder': 'mail.notice.heading.yearlyReminder',
  'price-change': 'mail.notice.heading.priceChange',
} as const satisfies Record<RenewalNoticeInput['kind'], MessageKey>;

/** The notice's first sentence: what happens at this renewal. */
function opening(input: RenewalNoticeInput, words: Words): string {
  const offer = input.offerName;
  if (input.kind === 'yearly-reminder') return words.t('mail.notice.opening.yearlyReminder', { offer });
  if (input.kind === 'price-change')
    return words.t('mail.notice.opening.priceChange', {
      offer,
      previous: input.previousAmount ?? '',
      amount: input.amount,
      date: input.renewsOn,
    });
  if (input.introductoryEndsOn === null) return words.t('mail.notice.opening.renews', { offer, date: input.renewsOn });
  return words.t(input.trial ? 'mail.notice.opening.trialEnds' : 'mail.notice.opening.introEnds', {
    offer,
    date: input.introductoryEndsOn,
  });
}

/**
 * The notices the law requires before a renewal (California as amended by AB 2863, New
 * York GBL 527-a, France's L215-1): what will be charged, when and how, an introductory price
 * ending, the terms as agreed, how to cancel before it, and, for a tacit renewal, until
 * when it may be refused. In the subscriber's words (`words`: the subscription's locale);
 * the values come formatted in it.
 */
export function renewalNotice(input: RenewalNoticeInput, words: Words = englishMailWords()): MailContent {
  const { brand, offerName, accountUrl, cancelUrl } = input;
  const { t } = words;
  const subject = testSubject(input.livemode, t(SUBJECT[input.kind], { brand: brand.name, date: input.renewsOn }), words);
  return mailContent(
    subject,
    {
      brand,
      heading: t(HEADING[input.kind]),
      preheader: t('mail.notice.preheader', { offer: offerName, amount: input.amount, date: input.renewsOn }),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.subscription')),
        { type: 'paragraph', text: opening(input, words) },
        {
          type: 'facts',
          rows: [
            { label: t('mail.fact.subscription'), value: offerName },
            { label: t('mail.fact.nextCharge'), value: input.renewsOn },
            { label: t('mail.fact.amount'), value: input.amount },
            { label: t('mail.fact.paidWith'), value: input.paymentMethod },
            ...(input.refuseBy ? [{ label: t('mail.fact.refuseBy'), value: input.refuseBy }] : []),
          ],
        },
        { type: 'verbatim', heading: t('mail.renewalTerms'), lines: input.renewalTerms.split(/\r?\n/) },
        { type: 'heading', text: t('mail.cancel.heading') },
        {
          type: 'paragraph',
          text: input.refuseBy
            ? t('mail.notice.cancel.refuse', { refuseBy: input.refuseBy })
            : t('mail.notice.cancel.before', { date: input.renewsOn }),
        },
        { type: 'button', label: t('mail.cancel.account'), href: accountUrl },
        { type: 'link', text: t('mail.cancel.withoutSignIn'), href: cancelUrl },
      ],
      footer: { accountUrl, cancelUrl, why: t('mail.notice.why', { brand: brand.name }) },
    },
    accountUrl,
    words,
  );
}
