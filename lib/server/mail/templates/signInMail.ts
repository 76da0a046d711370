import type { LinkPurpose } from '@/lib/server/identity/IdentityService';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { mailContent } from './mailContent';

export interface SignInMailInput {
  /** The brand the visitor was buying from; null: none known. */
  brandName: string | null;
  link: string;
  purpose: LinkPurpose;
  /** How long the link works (the identity's LINK_TTL_MS): the mail says so. */
  validForMinutes: number;
}

/** The sign-in link the identity sends: "Sign in to Vogue" (signing in) or "Continue with Vogue" (pre-authentication on a purchase). */
export function signInMail({ brandName, link, purpose, validForMinutes }: SignInMailInput): MailContent {
  const verb = purpose === 'sign-in' ? 'Sign in to' : 'Continue with';
  const action = brandName ? `${verb} ${brandName}` : purpose === 'sign-in' ? 'Sign in' : 'Continue';
  const minutes = `${validForMinutes} ${validForMinutes === 1 ? 'minute' : 'minutes'}`;
  return mailContent(
    brandName ? action : 'Your sign-in link',
    {
      brand: brandName ? { name: brandName, identity: null } : null,
      heading: action,
      preheader: `The link works once, for ${minutes}.`,
      blocks: [
        { type: 'paragraph', text: `${action} by opening this link within ${minutes}:` },
        { type: 'button', label: action, href: link, spelledOut: true },
        { type: 'paragraph', text: 'The link works once. If you did not ask for it, ignore this e-mail.' },
      ],
      footer: { why: 'You received this e-mail because someone asked for a sign-in link for this address.' },
    },
    link,
  );
}
