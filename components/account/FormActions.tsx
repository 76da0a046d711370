import Link from 'next/link';
import { Loader } from '@/components/ui/Loader';
import actions from './AccountActions.module.css';

interface FormActionsProps {
  /** Why the last try failed, read out at once (role="alert"); null while nothing failed. */
  error: string | null;
  /** The button's words, and the loader's while it works. */
  label: string;
  busyLabel: string;
  sending: boolean;
  /** `danger` for what ends something (a cancellation). */
  tone?: 'primary' | 'danger';
  /** Without it the button submits its form; with it the button does this and submits nothing. */
  onClick?: () => void;
  /** The way out beside the button (back to the subscriptions, keep it). */
  secondary?: { href: string; label: string };
  /** Where a test finds the error. */
  errorTestId?: string;
}

/** The end of an account form: what went wrong, then its one button (busy while it works) and the way out. */
export function FormActions({ error, label, busyLabel, sending, tone = 'primary', onClick, secondary, errorTestId }: FormActionsProps) {
  return (
    <>
      {error && (
        <p role="alert" className={actions.error} data-testid={errorTestId}>
          {error}
        </p>
      )}
      <div className={actions.actions}>
        <button type={onClick ? 'button' : 'submit'} className={actions[tone]} onClick={onClick} disabled={sending} aria-busy={sending}>
          {sending && <Loader type="submission-processing" size="small" label={busyLabel} />}
          {label}
        </button>
        {secondary && (
          <Link className={actions.secondary} href={secondary.href}>
            {secondary.label}
          </Link>
        )}
      </div>
    </>
  );
}
