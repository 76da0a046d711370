import { useState } from 'react';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import type { ClockAdvance } from '@/lib/account/testClock';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { Loader } from '@/components/ui/Loader';
import actions from './AccountActions.module.css';
import styles from './TestClockPanel.module.css';

const LABELS: Record<ClockAdvance, string> = {
  day: 'Move one day ahead',
  'next-notice': 'Move to the next notice',
  'next-renewal': 'Move to the next renewal',
};

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
  const [moving, setMoving] = useState<ClockAdvance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const move = async (advance: ClockAdvance) => {
    setMoving(advance);
    setError(null);
    try {
      onMoved((await api.moveTestClock(subscription.id, advance)).subscription);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The clock could not be moved. Please try again.');
    } finally {
      setMoving(null);
    }
  };
  return (
    <section className={styles.panel} aria-label="Test clock">
      <h3 className={styles.heading}>Test clock</h3>
      <p className={styles.today}>
        This test subscription&rsquo;s date: <strong data-testid="test-clock-today">{subscription.testClock.today}</strong>. Moving it ahead
        runs what comes due, as in real time.
      </p>
      <div className={actions.actions}>
        {(Object.keys(LABELS) as ClockAdvance[]).map((advance) => (
          <button
            key={advance}
            type="button"
            className={actions.secondary}
            onClick={() => void move(advance)}
            disabled={moving !== null}
            aria-busy={moving === advance}
          >
            {moving === advance && <Loader type="submission-processing" size="small" label="Moving the clock…" />}
            {LABELS[advance]}
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
