import type { StepViewProps } from './stepViewProps';
import { stepHref, withoutQueryParams } from '@/lib/journey/navigation';
import styles from './AuthStep.module.css';
import { SignInLinkAnswer } from '@/components/account/SignInLinkAnswer';

/**
 * auth/complete: a link opened in the browser that asked for it signs in on the server and
 * sends the visitor back, so this page shows only a confirmation (the link opened anywhere
 * else) or why a link did not work.
 */
export default function AuthCompleteStep({ base, search, view }: StepViewProps<'auth-complete'>) {
  const token = new URLSearchParams(search).get('token') ?? '';
  return (
    <div className={styles.auth}>
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
