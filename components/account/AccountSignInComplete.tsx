import { accountSignInHref } from '@/lib/identity/signInPages';
import type { SignInLinkView } from '@/lib/identity/signInLinks';
import { AccountFrame } from './AccountFrame';
import { SignInLinkAnswer } from './SignInLinkAnswer';

/** /account/sign-in/complete when the link did not sign in at once: the address to confirm, or why not. */
export function AccountSignInComplete({ view, token, page }: { view: SignInLinkView; token: string; page: string }) {
  return (
    <AccountFrame title={view.authError === null ? 'Confirm sign-in' : 'Sign-in link'}>
      <SignInLinkAnswer view={view} token={token} page={page} newLinkHref={accountSignInHref()} />
    </AccountFrame>
  );
}
