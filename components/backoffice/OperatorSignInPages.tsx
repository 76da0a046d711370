import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { Loader } from '@/components/ui/Loader';
import { ErrorView } from '@/components/ui/ErrorView';
import { backOfficeApi } from '@/lib/operators/backOfficeApi';
import type {
  BackOfficeRefusal,
  OperatorFactorPageProps,
  OperatorLinkPageProps,
  OperatorSignInPageProps,
} from '@/lib/operators/backOfficeViews';
import { OPERATOR_FACTOR_PATH, OPERATOR_SIGN_IN_PATH } from '@/lib/operators/operatorPaths';
import { BackOfficeFrame } from './BackOfficeFrame';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

const withReturn = (path: string, returnPath: string) =>
  returnPath === '/admin' ? path : `${path}?return=${encodeURIComponent(returnPath)}`;

function Refused({ refusal }: { refusal: BackOfficeRefusal }) {
  return <ErrorView title={refusal.title} message={refusal.message} />;
}

/** /admin/sign-in: an operator asks for a link by e-mail; the answer is the same for any address. */
export function OperatorSignInPage(props: OperatorSignInPageProps | BackOfficeRefusal) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  if (props.kind === 'refused') return <Refused refusal={props} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await backOfficeApi.requestLink(email, props.returnPath);
      setSent(email.trim());
    });
  };
  return (
    <BackOfficeFrame title="Sign in">
      <section className={`${styles.card} ${styles.narrow}`}>
        <h1>Sign in to the back office</h1>
        {sent ? (
          <div className={styles.notice} ref={confirmation} tabIndex={-1} role="status">
            <p>
              If {sent} belongs to an operator, a sign-in link is on its way to it. The link works once, for 15 minutes; then you give the
              code from your authenticator app.
            </p>
            <button type="button" className={styles.secondary} onClick={() => setSent(null)}>
              Use a different email address
            </button>
          </div>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <p>Operators sign in with an e-mailed link and a code from their authenticator app.</p>
            <Field
              id="operator-email"
              label="Work email"
              type="email"
              autoComplete="email"
              required
              value={email}
              error={error ?? undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
              {busy && <Loader type="submission-processing" size="small" label="Sending your link…" />}
              {busy ? 'Sending…' : 'Email me a sign-in link'}
            </button>
          </form>
        )}
      </section>
    </BackOfficeFrame>
  );
}

/** /admin/sign-in/link: the button uses the link (a mail scanner's visit does not), then the second factor. */
export function OperatorLinkPage(props: OperatorLinkPageProps | BackOfficeRefusal) {
  const { busy, error, run } = useAction();
  if (props.kind === 'refused') return <Refused refusal={props} />;
  if (props.kind === 'no-token') {
    return (
      <BackOfficeFrame title="Sign-in link">
        <section className={`${styles.card} ${styles.narrow}`}>
          <h1>This sign-in link is incomplete</h1>
          <p>Open the link from the e-mail in full, or ask for a new one.</p>
          <a className={styles.link} href={OPERATOR_SIGN_IN_PATH}>
            Ask for a new sign-in link
          </a>
        </section>
      </BackOfficeFrame>
    );
  }
  const proceed = () =>
    run(async () => {
      await backOfficeApi.useLink(props.token);
      window.location.replace(withReturn(OPERATOR_FACTOR_PATH, props.returnPath));
    });
  return (
    <BackOfficeFrame title="Sign-in link">
      <section className={`${styles.card} ${styles.narrow}`}>
        <h1>Continue signing in</h1>
        {error && (
          <div className={styles.alert} role="alert">
            <p>{error}</p>
            <a className={styles.link} href={OPERATOR_SIGN_IN_PATH}>
              Ask for a new sign-in link
            </a>
          </div>
        )}
        <p>Next, you give the code from your authenticator app.</p>
        <button type="button" className={styles.primary} onClick={() => void proceed()} disabled={busy} aria-busy={busy}>
          {busy && <Loader type="submission-processing" size="small" label="Checking your link…" />}
          Continue
        </button>
      </section>
    </BackOfficeFrame>
  );
}

/** /admin/sign-in/factor: enrolment (QR code, first code, recovery codes shown once) or the code of each sign-in. */
export function OperatorFactorPage(props: OperatorFactorPageProps | BackOfficeRefusal) {
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { busy, error, run } = useAction();
  const codesHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (recoveryCodes) codesHeading.current?.focus();
  }, [recoveryCodes]);
  if (props.kind === 'refused') return <Refused refusal={props} />;
  if (props.kind === 'expired') {
    return (
      <BackOfficeFrame title="Sign in">
        <section className={`${styles.card} ${styles.narrow}`}>
          <h1>Your sign-in has expired</h1>
          <p>A sign-in must be finished within 10 minutes of opening its link. Ask for a new link.</p>
          <a className={styles.link} href={OPERATOR_SIGN_IN_PATH}>
            Ask for a new sign-in link
          </a>
        </section>
      </BackOfficeFrame>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await backOfficeApi.giveFactor(code);
      if (answer.recoveryCodes) setRecoveryCodes(answer.recoveryCodes);
      else window.location.replace(props.returnPath);
    });
  };
  if (recoveryCodes) {
    return (
      <BackOfficeFrame title="Recovery codes">
        <section className={`${styles.card} ${styles.narrow}`}>
          <h1 ref={codesHeading} tabIndex={-1}>
            Save your recovery codes
          </h1>
          <p>Your authenticator app is set up. If you lose your phone, each of these codes signs you in once. They are shown only now.</p>
          <ul className={styles.codes} aria-label="Recovery codes">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <a className={styles.primary} href={props.returnPath}>
            I have saved them: continue
          </a>
        </section>
      </BackOfficeFrame>
    );
  }
  const enrolling = props.kind === 'enrol';
  return (
    <BackOfficeFrame title="Second factor">
      <section className={`${styles.card} ${styles.narrow}`}>
        <h1>{enrolling ? 'Set up your authenticator app' : 'Enter your code'}</h1>
        {enrolling ? (
          <>
            <p>
              Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Authy), then enter the code it shows.
            </p>
            <img className={styles.qr} src={props.qrSvgDataUrl} alt={`QR code to add ${props.email} to an authenticator app`} />
            <p>
              Cannot scan? Enter this key instead: <span className={styles.secret}>{props.secret}</span>
            </p>
          </>
        ) : (
          <p>Signing in as {props.email}. Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
        )}
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field
            id="operator-code"
            label={enrolling ? 'Code from the app' : 'Code'}
            inputMode={enrolling ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            required
            value={code}
            error={error ?? undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
            {busy && <Loader type="submission-processing" size="small" label="Checking your code…" />}
            {enrolling ? 'Confirm and sign in' : 'Sign in'}
          </button>
        </form>
      </section>
    </BackOfficeFrame>
  );
}
