import { ErrorView } from '@/components/ui/ErrorView';
import type { AccountSignInCompletePageProps, AccountSignInPageProps } from '@/lib/identity/signInPages';
import { AccountSignIn } from './AccountSignIn';
import { AccountSignInComplete } from './AccountSignInComplete';

/** The page components of pages/account/sign-in: a method the page does not take is a neutral 405 page. */
export function AccountSignInPage(props: AccountSignInPageProps) {
  if (props.kind === 'refused') return <ErrorView title="Not allowed" message={props.message} />;
  return <AccountSignIn email={props.email} returnPath={props.returnPath} livemode={props.livemode} />;
}

export function AccountSignInCompletePage(props: AccountSignInCompletePageProps) {
  if (props.kind === 'refused') return <ErrorView title="Not allowed" message={props.message} />;
  return <AccountSignInComplete view={props.view} token={props.token} page={props.page} livemode={props.livemode} />;
}
