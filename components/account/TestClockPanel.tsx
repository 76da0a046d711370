import { useState } from 'react';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { accountErrorText } from '@/lib/account/accountErrors';
import { failureCode } from '@/lib/account/apiFailure';
import { CLOCK_ADVANCES, type ClockAdvance } from '@/lib/account/testClock';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { Msg, useWords } from '@/components/shell/I18n';
import { Loader } from '@/components/ui/Loader';
import actions from './AccountActions.module.css';
import styles from './TestClockPanel.module.css';

/** Why nothing is scheduled to move to, as the server reasons it (lib/server/renewals/testClock.ts). */
const nothingScheduledWhy = (subscription: SubscriptionSummary, advance: ClockAdvance): string =>
  subscription.status === 'ended' ? 'ended' : advance === 'next-notice' ? 'notice' : 'provider';

/**
 * QA's test clock for a test-mode subscription (like Stripe's test clocks): moves its own
 * time ahead, and what comes due (a renewal, a retry, its end) happens at once, as it would
 * in real time. Shown only where the server allows it (lib/server/renewals/testClock.ts).
 */
export function TestClockPanel({
  subscription,
  onMoved,
}: {
  subscription: SubscriptionSummary & { testClock: { today: string } };
  onMoved: (subscription: SubscriptionSummary) => void;
}) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [moving, setMoving] = useState<ClockAdvance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const move = async (advance: ClockAdvance) => {
    setMoving(advance);
    setError(null);
    try {
      onMoved((await api.moveTestClock(subscription.id, advance)).subscription);
    } catch (failure) {
      setError(accountErrorText(words, 'clock', failureCode(failure), { why: nothingScheduledWhy(subscription, advance) }));
    } finally {
      setMoving(null);
    }
  };
  return (
    <section className={styles.panel} aria-label={t('account.clock.title')}>
      <h3 className={styles.heading}>{t('account.clock.title')}</h3>
      <p className={styles.today}>
        <Msg
          id="account.clock.today"
          values={{ date: words.date(subscription.testClock.today) }}
          components={{ 0: <strong data-testid="test-clock-today" /> }}
        />
      </p>
      <div className={actions.actions}>
        {CLOCK_ADVANCES.map((advance) => (
          <button
            key={advance}
            type="button"
            className={actions.secondary}
            onClick={() => void move(advance)}
            disabled={moving !== null}
            aria-busy={moving === advance}
          >
            {moving === advance && <Loader type="submission-processing" size="small" label={t('account.clock.moving')} />}
            {t(`account.clock.advance.${advance}`)}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className={actions.error}>
          {error}
        </p>
      )}
    </section>
  );
}
