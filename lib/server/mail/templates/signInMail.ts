import type { Words } from '@/lib/i18n/words';
import type { LinkPurpose } from '@/lib/server/identity/IdentityService';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import { mailContent } from './mailContent';

export interface SignInMailInput {
  /** The brand the visitor was buying from; null: none known. */
  brandName: string | null;
  /** The account's own sign-in, which has no brand: "Sign in to your account". */
  forAccount?: boolean;
  link: string;
  purpose: LinkPurpose;
  /** How long the link works (the identity's LINK_TTL_MS): the mail says so. */
  validForMinutes: number;
}

/** Which sign-in a mail offers: each language says each its own way, not by joining a verb to a brand. */
function kindOf({ brandName, forAccount, purpose }: SignInMailInput): string {
  if (forAccount) return 'account';
  if (purpose === 'sign-in') return brandName ? 'signInBrand' : 'signIn';
  return brandName ? 'continueBrand' : 'continue';
}

/**
 * The sign-in link the identity sends: "Sign in to Vogue" (signing in), "Continue with Vogue"
 * (pre-authentication on a purchase) or "Sign in to your account", in the words of the page
 * that asked for it (`words`).
 */
export function signInMail(input: SignInMailInput, words: Words = englishMailWords()): MailContent {
  const { link, validForMinutes: minutes } = input;
  const { t } = words;
  const kind = kindOf(input);
  const brand = input.forAccount ? t('mail.signIn.accountName') : input.brandName;
  const action = t('mail.signIn.action', { kind, brand: brand ?? '' });
  return mailContent(
    brand ? action : t('mail.signIn.subject'),
    {
      brand: brand ? { name: brand, identity: null } : null,
      heading: action,
      preheader: t('mail.signIn.preheader', { minutes }),
      blocks: [
        { type: 'paragraph', text: t('mail.signIn.intro', { kind, brand: brand ?? '', minutes }) },
        { type: 'button', label: action, href: link, spelledOut: true },
        { type: 'paragraph', text: t('mail.signIn.once') },
      ],
      footer: { why: t('mail.signIn.why') },
    },
    link,
    words,
  );
}
