import { useWords } from '@/components/shell/I18n';
import { ErrorView } from '@/components/ui/ErrorView';
import { refusalMessage } from '@/lib/account/accountRefusal';
import type { AccountSignInCompletePageProps, AccountSignInPageProps } from '@/lib/identity/signInPages';
import { AccountSignIn } from './AccountSignIn';
import { AccountSignInComplete } from './AccountSignInComplete';

/** A method the page does not take: a neutral 405 page, worded by its status rather than the server's English. */
function NotAllowed({ status }: { status: number }) {
  const { t } = useWords();
  return <ErrorView title={t('account.refusal.notAllowed')} message={t(refusalMessage(status))} />;
}

/** The page components of pages/account/sign-in: a method the page does not take is a neutral 405 page. */
export function AccountSignInPage(props: AccountSignInPageProps) {
  if (props.kind === 'refused') return <NotAllowed status={props.status} />;
  return <AccountSignIn email={props.email} returnPath={props.returnPath} livemode={props.livemode} />;
}

export function AccountSignInCompletePage(props: AccountSignInCompletePageProps) {
  if (props.kind === 'refused') return <NotAllowed status={props.status} />;
  return <AccountSignInComplete view={props.view} token={props.token} page={props.page} livemode={props.livemode} />;
}
