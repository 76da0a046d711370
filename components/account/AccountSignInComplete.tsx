import { accountSignInHref } from '@/lib/identity/signInPages';
import type { SignInLinkView } from '@/lib/identity/signInLinks';
import { SignInFrame } from './SignInFrame';
import { SignInLinkAnswer } from './SignInLinkAnswer';

interface AccountSignInCompleteProps {
  view: SignInLinkView;
  token: string;
  page: string;
  /** False for a test-mode link: the banner, and a new link asked for in test mode, whose sign-in returns to the test account. */
  livemode: boolean;
}

/** /account/sign-in/complete when the link did not sign in at once: the address to confirm, or why not. */
export function AccountSignInComplete({ view, token, page, livemode }: AccountSignInCompleteProps) {
  return (
    <SignInFrame title={view.authError === null ? 'Confirm sign-in' : 'Sign-in link'} livemode={livemode}>
      <SignInLinkAnswer view={view} token={token} page={page} newLinkHref={accountSignInHref({ livemode })} />
    </SignInFrame>
  );
}
