import Link from 'next/link';
import { SIGN_IN_LINK_MESSAGES, type SignInLinkView } from '@/lib/identity/signInLinks';
import { SignInConfirm } from './SignInConfirm';

interface SignInLinkAnswerProps {
  view: SignInLinkView;
  token: string;
  /** The link's page (path and query), posted with the confirmation. */
  page: string;
  /** Where to ask for a new link. */
  newLinkHref: string;
  buttonClassName?: string | undefined;
}

/**
 * What a sign-in link's page shows when it did not sign in at once (campaign and account
 * alike): the address to confirm, or why the link cannot be used and where to get another.
 */
export function SignInLinkAnswer({ view, token, page, newLinkHref, buttonClassName }: SignInLinkAnswerProps) {
  if (view.authError === null)
    return <SignInConfirm email={view.confirmEmail} token={token} page={page} buttonClassName={buttonClassName} />;
  return (
    <>
      <h1>We could not sign you in</h1>
      <p role="alert">{SIGN_IN_LINK_MESSAGES[view.authError]}</p>
      <p>
        <Link href={newLinkHref}>Email me a new link</Link>
      </p>
    </>
  );
}
