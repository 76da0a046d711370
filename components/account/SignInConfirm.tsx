import { useState } from 'react';
import { useWords } from '@/components/shell/I18n';
import { Loader } from '@/components/ui/Loader';
import { CONFIRM_SIGN_IN_PATH } from '@/lib/identity/signInLinks';
import styles from './Account.module.css';

interface SignInConfirmProps {
  /** The address the link is for. */
  email: string;
  token: string;
  /** This page (path and query), where the visitor comes back to should the link no longer work. */
  page: string;
  /** The button's look (a campaign's brand colour); the account's own otherwise. */
  buttonClassName?: string | undefined;
}

/**
 * A sign-in link opened in another browser than the one that asked for it (or by a mail
 * app's own browser): opening it changed nothing, and only this button, a plain form post
 * (no script needed), signs in. So a link someone else asked for cannot sign a visitor in to
 * their identity unseen, and a mail scanner cannot use the link up.
 */
export function SignInConfirm({ email, token, page, buttonClassName }: SignInConfirmProps) {
  const { t } = useWords();
  const [sending, setSending] = useState(false);
  return (
    <form
      method="post"
      action={CONFIRM_SIGN_IN_PATH}
      className={styles.form}
      onSubmit={(event) => {
        // One post: a second click would find the link used.
        if (sending) event.preventDefault();
        else setSending(true);
      }}
    >
      <h1>{t('account.signInConfirm.heading', { email })}</h1>
      <p>{t('account.signInConfirm.text')}</p>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="page" value={page} />
      <button type="submit" className={buttonClassName ?? styles.primary} aria-busy={sending}>
        {sending && <Loader type="submission-processing" size="small" label={t('account.signInConfirm.signingIn')} />}
        {t('account.signInConfirm.confirm')}
      </button>
    </form>
  );
}
