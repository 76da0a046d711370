import { Field } from '@/components/ui/Field';
import { Loader } from '@/components/ui/Loader';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { Msg, useWords } from '@/components/shell/I18n';
import { useSignInLinkRequest } from '@/components/shell/useSignInLinkRequest';
import { SignInFrame } from './SignInFrame';
import styles from './Account.module.css';

interface AccountSignInProps {
  /** Prefilled from ?email= (a page that knows the address sent the visitor here). */
  email: string;
  /** The account page to come back to once signed in (with ?livemode=false in test mode). */
  returnPath: string;
  livemode: boolean;
}

/**
 * /account/sign-in: the brand-neutral sign-in. The visitor asks for an e-mailed link; "Check
 * your e-mail" shows only once the server has answered that the mail was queued.
 */
export function AccountSignIn({ email: initialEmail, returnPath, livemode }: AccountSignInProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const { email, setEmail, error, sending, sent, submit, chooseAnotherAddress, input, confirmation } = useSignInLinkRequest(
    initialEmail,
    // The mail with the link speaks the page's language.
    (address) => api.requestSignInLink({ email: address, returnPath, locale: words.locale }, livemode),
    livemode,
  );

  return (
    <SignInFrame title={t('account.signIn.title')} livemode={livemode}>
      <h1>{t('account.signIn.heading')}</h1>
      {sent ? (
        <div className={styles.sent} ref={confirmation} tabIndex={-1} role="status">
          <p>
            <Msg id="account.signIn.sent" values={{ email: sent }} components={{ 0: <strong /> }} />
          </p>
          <button type="button" className={styles.linkButton} onClick={chooseAnotherAddress}>
            {t('account.signIn.otherAddress')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className={styles.form}>
          <p>{t('account.signIn.intro')}</p>
          <Field
            id="account-email"
            label={t('account.signIn.email')}
            type="email"
            autoComplete="email"
            required
            inputRef={input}
            value={email}
            error={error ?? undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className={styles.primary} disabled={sending} aria-busy={sending}>
            {sending && <Loader type="submission-processing" size="small" label={t('account.signIn.sendingLink')} />}
            {t(sending ? 'account.signIn.sending' : 'account.signIn.send')}
          </button>
        </form>
      )}
    </SignInFrame>
  );
}
