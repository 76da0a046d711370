import Link from 'next/link';
import { useWords } from '@/components/shell/I18n';
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
  const { t } = useWords();
  if (view.authError === null)
    return <SignInConfirm email={view.confirmEmail} token={token} page={page} buttonClassName={buttonClassName} />;
  return (
    <>
      <h1>{t('account.signInLink.failed')}</h1>
      <p role="alert">{t(SIGN_IN_LINK_MESSAGES[view.authError])}</p>
      <p>
        <Link href={newLinkHref}>{t('account.signInLink.newLink')}</Link>
      </p>
    </>
  );
}
