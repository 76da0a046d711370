import Link from 'next/link';
import type { StepViewProps } from './stepViewProps';
import { stepHref, withoutQueryParams } from '@/lib/journey/navigation';
import styles from './AuthStep.module.css';
import { DocumentTitle } from '@/components/shell/DocumentTitle';

const MESSAGES = {
  expired: 'This sign-in link has expired: links work for 15 minutes.',
  used: 'This sign-in link has already been used: each link works once.',
  invalid: 'This sign-in link is not valid. It may have been copied incompletely.',
} as const;

/**
 * auth/complete: a valid link signs the visitor in on the server and sends them back, so
 * this page only ever shows why a link did not work.
 */
export default function AuthCompleteStep({ flow, base, search, view }: StepViewProps<'auth-complete'>) {
  return (
    <div className={styles.auth}>
      <DocumentTitle title={`Sign-in link | ${flow.brandName}`} />
      <h1>We could not sign you in</h1>
      <p role="alert">{MESSAGES[view.authError]}</p>
      <p>
        <Link href={stepHref(base, 'auth-initiate', withoutQueryParams(search, ['token']))}>Email me a new link</Link>
      </p>
    </div>
  );
}
