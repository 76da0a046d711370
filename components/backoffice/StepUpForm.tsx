import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { Loader } from '@/components/ui/Loader';
import { STEP_UP_MINUTES } from '@/lib/operators/stepUp';
import type { useStepUp } from './useStepUp';
import styles from './BackOffice.module.css';

/** Asks the signed-in operator for a current code before a grave change, then lets it go on (useStepUp). */
export function StepUpForm({ stepUp, id, level }: { stepUp: ReturnType<typeof useStepUp>; id: string; level: 2 | 3 }) {
  const [code, setCode] = useState('');
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void stepUp.confirm(code);
  };
  return (
    <div className={styles.notice} role="group" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Confirm it is you
      </Heading>
      <p>
        This change needs a code from your authenticator app given in the last {STEP_UP_MINUTES} minutes. Enter the current code (or a
        recovery code), and it goes on.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          id={`${id}-code`}
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          error={stepUp.error ?? undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className={styles.row}>
          <button type="submit" className={styles.primary} disabled={stepUp.busy} aria-busy={stepUp.busy}>
            {stepUp.busy && <Loader type="submission-processing" size="small" label="Checking your code…" />}
            Confirm
          </button>
          <button type="button" className={styles.secondary} onClick={stepUp.cancel} disabled={stepUp.busy}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
