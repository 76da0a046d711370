import { Field } from '@/components/ui/Field';
import { Loader } from '@/components/ui/Loader';
import { useApiClient } from '@/components/shell/ApiClientProvider';
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
  const { email, setEmail, error, sending, sent, submit, chooseAnotherAddress, input, confirmation } = useSignInLinkRequest(
    initialEmail,
    (address) => api.requestSignInLink({ email: address, returnPath }, livemode),
  );

  return (
    <SignInFrame title="Sign in" livemode={livemode}>
      <h1>Sign in to your account</h1>
      {sent ? (
        <div className={styles.sent} ref={confirmation} tabIndex={-1} role="status">
          <p>
            <strong>Check your e-mail:</strong> we sent a link to {sent}. It works once, for 15 minutes.
          </p>
          <button type="button" className={styles.linkButton} onClick={chooseAnotherAddress}>
            Use a different email address
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className={styles.form}>
          <p>We will email you a link to sign in: no password needed.</p>
          <Field
            id="account-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            inputRef={input}
            value={email}
            error={error ?? undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className={styles.primary} disabled={sending} aria-busy={sending}>
            {sending && <Loader type="submission-processing" size="small" label="Sending your link…" />}
            {sending ? 'Sending…' : 'Email me a sign-in link'}
          </button>
        </form>
      )}
    </SignInFrame>
  );
}
