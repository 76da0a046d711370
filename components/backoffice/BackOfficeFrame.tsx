import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { Loader } from '@/components/ui/Loader';
import { backOfficeApi } from '@/lib/operators/backOfficeApi';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import { CAMPAIGNS_PATH, CARE_PATH, JOBS_PATH, VAT_NUMBERS_PATH, LIMITS_PATH, OPERATOR_SIGN_IN_PATH } from '@/lib/operators/operatorPaths';
import { roleOpens, ROLE_NAMES } from '@/lib/operators/roles';
import styles from './BackOffice.module.css';

/** Every back-office page: a header with the areas the operator's role opens, who is signed in, and sign-out. */
export function BackOfficeFrame({ title, operator, children }: { title: string; operator?: OperatorView; children: ReactNode }) {
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signOut = async () => {
    setSigningOut(true);
    setError(null);
    try {
      await backOfficeApi.signOut();
      window.location.assign(OPERATOR_SIGN_IN_PATH);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'We could not sign you out. Please try again.');
      setSigningOut(false);
    }
  };
  return (
    <div className={styles.frame}>
      <DocumentTitle title={`${title} | Back office`} />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className={styles.header}>
        <span className={styles.brand}>Back office</span>
        {operator && (
          <>
            <nav className={styles.nav} aria-label="Back office">
              <Link href="/admin">Home</Link>
              {roleOpens(operator.role, 'reports') && <Link href="/admin/funnel">Funnel report</Link>}
              {roleOpens(operator.role, 'campaigns') && <Link href={CAMPAIGNS_PATH}>Campaigns</Link>}
              {roleOpens(operator.role, 'care') && <Link href={CARE_PATH}>Customer care</Link>}
              {roleOpens(operator.role, 'care') && <Link href={LIMITS_PATH}>Rate limits</Link>}
              {roleOpens(operator.role, 'admin') && <Link href="/admin/operators">Operators</Link>}
              {roleOpens(operator.role, 'admin') && <Link href="/admin/audit">Audit log</Link>}
              {roleOpens(operator.role, 'admin') && <Link href={JOBS_PATH}>Background jobs</Link>}
              {roleOpens(operator.role, 'admin') && <Link href={VAT_NUMBERS_PATH}>VAT numbers</Link>}
            </nav>
            <span className={styles.who}>
              {operator.name} ({ROLE_NAMES[operator.role]})
            </span>
            <button type="button" className={styles.secondary} onClick={signOut} disabled={signingOut} aria-busy={signingOut}>
              {signingOut && <Loader type="submission-processing" variant="dark" size="small" label="Signing out…" />}
              Sign out
            </button>
          </>
        )}
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {error && (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        )}
        {children}
      </main>
    </div>
  );
}
