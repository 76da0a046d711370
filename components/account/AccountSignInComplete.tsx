import { useWords } from '@/components/shell/I18n';
import { withLang } from '@/lib/i18n/langLink';
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
  const { t, locale } = useWords();
  return (
    <SignInFrame title={t(view.authError === null ? 'account.signIn.confirmTitle' : 'account.signIn.linkTitle')} livemode={livemode}>
      <SignInLinkAnswer view={view} token={token} page={page} newLinkHref={withLang(accountSignInHref({ livemode }), locale)} />
    </SignInFrame>
  );
}
