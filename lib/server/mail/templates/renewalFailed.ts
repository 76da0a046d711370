import type { Words } from '@/lib/i18n/words';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import type { MailBrand } from './mailLook';
import { mailContent } from './mailContent';
import { testNotice, testSubject } from './testMode';

export interface RenewalFailedInput {
  brand: MailBrand;
  offerName: string;
  livemode: boolean;
  /** Formatted, with its currency. */
  amount: string;
  /** Why, a whole sentence in the subscriber's words (the failures catalogue's mail wording, or the wallet's refusal). */
  reason: string;
  /** What happens next, a sentence: our next try and its date, none, or the provider's own tries. */
  next: string;
  /** Formatted date access ends unless it is paid; null where the provider decides (it tries again by itself). */
  accessUntil: string | null;
  /** Formatted date the subscription ends unless it is paid; null where the provider decides. */
  endsOn: string | null;
  /** The one thing that fixes it: the card page (a new card is charged at once), or the wallet's own account. */
  fix: { text: string; label: string; href: string };
  accountUrl: string;
}

/**
 * A renewal that could not be charged: what happened, what happens next and the one link
 * that fixes it. In the subscriber's words (`words`); the reason, next step and fix come worded in them.
 */
export function renewalFailed(input: RenewalFailedInput, words: Words = englishMailWords()): MailContent {
  const { brand, offerName, accountUrl, fix } = input;
  const { t } = words;
  const facts = [
    ...(input.accessUntil ? [{ label: t('mail.fact.accessUntil'), value: input.accessUntil }] : []),
    ...(input.endsOn ? [{ label: t('mail.fact.endsUnlessPaidBy'), value: input.endsOn }] : []),
  ];
  return mailContent(
    testSubject(input.livemode, t('mail.renewalFailed.subject', { brand: brand.name }), words),
    {
      brand,
      heading: t('mail.renewalFailed.heading'),
      preheader: t('mail.renewalFailed.preheader', { offer: offerName, reason: input.reason }),
      blocks: [
        ...testNotice(input.livemode, t('mail.test.subscription')),
        {
          type: 'paragraph',
          text: t('mail.renewalFailed.intro', { amount: input.amount, offer: offerName, reason: input.reason, next: input.next }),
        },
        ...(facts.length > 0 ? [{ type: 'facts' as const, rows: facts }] : []),
        { type: 'paragraph', text: fix.text },
        { type: 'button', label: fix.label, href: fix.href },
      ],
      footer: { accountUrl, why: t('mail.renewalFailed.why', { brand: brand.name }) },
    },
    fix.href,
    words,
  );
}
