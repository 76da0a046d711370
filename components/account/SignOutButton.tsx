import { useState } from 'react';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { useWords } from '@/components/shell/I18n';
import { accountErrorText } from '@/lib/account/accountErrors';
import { failureCode } from '@/lib/account/apiFailure';
import { withLang } from '@/lib/i18n/langLink';
import { Loader } from '@/components/ui/Loader';
import { accountSignInHref } from '@/lib/identity/signInPages';
import styles from './AccountActions.module.css';

/**
 * Signs out of this browser, or everywhere; then to the sign-in page, in test mode still when
 * the page was, so that signing back in shows the test subscriptions again.
 */
export function SignOutButton({ livemode }: { livemode: boolean }) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [busy, setBusy] = useState<false | 'here' | 'everywhere'>(false);
  const [error, setError] = useState<string | null>(null);
  const signOut = async (everywhere: boolean) => {
    setBusy(everywhere ? 'everywhere' : 'here');
    setError(null);
    try {
      await api.signOut({ everywhere });
      window.location.assign(withLang(accountSignInHref({ livemode }), words.locale));
    } catch (failure) {
      setBusy(false);
      setError(accountErrorText(words, 'signOut', failureCode(failure)));
    }
  };
  return (
    <span className={styles.signOut}>
      <button
        type="button"
        className={styles.secondary}
        onClick={() => void signOut(false)}
        disabled={busy !== false}
        aria-busy={busy === 'here'}
      >
        {busy === 'here' && <Loader type="submission-processing" variant="dark" size="small" label={t('account.signOut.signingOut')} />}
        {t('account.signOut.here')}
      </button>
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => void signOut(true)}
        disabled={busy !== false}
        aria-busy={busy === 'everywhere'}
      >
        {busy === 'everywhere' && (
          <Loader type="submission-processing" variant="dark" size="small" label={t('account.signOut.signingOutEverywhere')} />
        )}
        {t('account.signOut.everywhere')}
      </button>
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </span>
  );
}
