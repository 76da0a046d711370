import Link from 'next/link';
import { Field } from '@/components/ui/Field';
import type { StepViewProps } from './stepViewProps';
import { authInitiateHeading } from '@/lib/journey/stepTitle';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { useSignInLinkRequest } from '@/components/shell/useSignInLinkRequest';
import { Msg, useWords } from '@/components/shell/I18n';
import styles from './AuthStep.module.css';

/** The query without the sign-in method: what the visitor returns to. */
function withoutMethod(search: string): { method: 'magic-link' | 'sign-in'; rest: string } {
  const params = new URLSearchParams(search);
  const method = params.get('method') === 'sign-in' ? 'sign-in' : 'magic-link';
  params.delete('method');
  const rest = params.toString();
  return { method, rest: rest ? `?${rest}` : '' };
}

/**
 * auth/initiate: the visitor asks for an e-mailed sign-in link, then comes back to the page
 * they were on (the segments after auth/initiate, with the query). From the success page,
 * the field holds the buyer's address the server found by the order's receipt.
 */
export default function AuthInitiateStep({ flow, base, search, mode, view }: StepViewProps<'auth-initiate'>) {
  const { returnSegments, offerName, prefillEmail } = view;
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const { method, rest } = withoutMethod(search);
  const returnPath = `${base}${returnSegments.length ? `/${returnSegments.join('/')}` : ''}${rest}`;
  const { email, setEmail, error, sending, sent, submit, chooseAnotherAddress, input, confirmation } = useSignInLinkRequest(
    prefillEmail ?? '',
    (address) =>
      api.requestSignInLink({ email: address, purpose: method, brand: flow.brand_slug, urlSlug: flow.url_slug, returnPath }, mode.livemode),
    mode.livemode,
  );
  const title = words.say(authInitiateHeading(search, flow.brandName));

  return (
    <div className={styles.auth}>
      <h1>{title}</h1>
      {sent ? (
        <div className={styles.sent} ref={confirmation} tabIndex={-1}>
          <p>
            <Msg id="auth.checkInbox" values={{ email: sent }} components={{ 0: <strong /> }} />
          </p>
          <button type="button" className={styles.linkButton} onClick={chooseAnotherAddress}>
            {t('auth.otherAddress')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className={styles.form}>
          <p>
            {t('auth.intro', {
              form: offerName && !offerName.includes(flow.brandName) ? 'offerOfBrand' : 'offer',
              offer: offerName ?? flow.brandName,
              brand: flow.brandName,
            })}
          </p>
          <Field
            id="auth-email"
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            inputRef={input}
            value={email}
            error={error ?? undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className={styles.submit} disabled={sending}>
            {t(sending ? 'auth.sending' : 'auth.send')}
          </button>
        </form>
      )}
      {/* On a campaign that asks everyone to sign in, "Back" would only lead a visitor who is not signed in here again. */}
      {(view.signedIn || !flow.data.config.enablePreAuth) && (
        <p>
          <Link href={returnPath}>{t('auth.back')}</Link>
        </p>
      )}
    </div>
  );
}
