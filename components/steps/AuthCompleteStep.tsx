import type { StepViewProps } from './stepViewProps';
import { stepHref, withoutQueryParams } from '@/lib/journey/navigation';
import styles from './AuthStep.module.css';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { SignInLinkAnswer } from '@/components/account/SignInLinkAnswer';

/**
 * auth/complete: a link opened in the browser that asked for it signs in on the server and
 * sends the visitor back, so this page shows only a confirmation (the link opened anywhere
 * else) or why a link did not work.
 */
export default function AuthCompleteStep({ flow, base, search, view }: StepViewProps<'auth-complete'>) {
  const token = new URLSearchParams(search).get('token') ?? '';
  return (
    <div className={styles.auth}>
      <DocumentTitle title={`Sign-in link | ${flow.brandName}`} />
      <SignInLinkAnswer
        view={view}
        token={token}
        page={`${base}/auth/complete${search}`}
        newLinkHref={stepHref(base, 'auth-initiate', withoutQueryParams(search, ['token']))}
        buttonClassName={styles.submit}
      />
    </div>
  );
}
