import { accountSignInHref } from '@/lib/identity/signInPages';
import type { SignInLinkView } from '@/lib/identity/signInLinks';
import { SignInFrame } from './SignInFrame';
import { SignInLinkAnswer } from './SignInLinkAnswer';

/** /account/sign-in/complete when the link did not sign in at once: the address to confirm, or why not. */
export function AccountSignInComplete({ view, token, page }: { view: SignInLinkView; token: string; page: string }) {
  return (
    <SignInFrame title={view.authError === null ? 'Confirm sign-in' : 'Sign-in link'}>
      <SignInLinkAnswer view={view} token={token} page={page} newLinkHref={accountSignInHref()} />
    </SignInFrame>
  );
}
