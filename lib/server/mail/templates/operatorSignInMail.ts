import type { MailContent } from '@/lib/server/mail/MailMessage';
import { mailContent } from './mailContent';

/** The back office's sign-in link: it opens the second-factor step, never the back office by itself. */
export function operatorSignInMail(input: { name: string; link: string; validForMinutes: number }): MailContent {
  const minutes = `${input.validForMinutes} minutes`;
  return mailContent(
    'Your back-office sign-in link',
    {
      brand: null,
      heading: 'Sign in to the back office',
      preheader: `The link works once, for ${minutes}.`,
      blocks: [
        {
          type: 'paragraph',
          text: `Hello ${input.name}, open this link within ${minutes}, then give the code from your authenticator app:`,
        },
        { type: 'button', label: 'Sign in to the back office', href: input.link, spelledOut: true },
        { type: 'paragraph', text: 'The link works once. If you did not ask for it, ignore this e-mail and tell an admin.' },
      ],
      footer: { why: 'You received this e-mail because someone asked for a back-office sign-in link for this address.' },
    },
    input.link,
  );
}
