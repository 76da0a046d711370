import { useId, useState } from 'react';
import { Loader } from '@/components/ui/Loader';
import { CONTROL_KEY, type Experiment, type VariantKey } from '@/lib/experiments/experiment';
import { experimentsApi } from '@/lib/operators/experimentsApi';
import { careWhen } from './careWords';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

const variantName = (key: VariantKey) => (key === CONTROL_KEY ? `${key} (control)` : key);

/**
 * The campaign's experiment that runs or is paused: its variants, pausing and resuming it,
 * and stopping it keeping one variant, which is then published as the campaign's newest
 * version. Stopping publishes: it needs a variant chosen, then its own button.
 */
export function CampaignExperimentLive({
  experiment,
  onChanged,
}: {
  experiment: Experiment;
  /** The experiment as the server answered it, and what to say about it. */
  onChanged: (experiment: Experiment, said: string) => void;
}) {
  const id = useId();
  const [winner, setWinner] = useState<VariantKey | null>(null);
  const { busy, error, run } = useAction();
  // Which button's call runs: that one says it is busy; every one waits.
  const [acting, setActing] = useState<'pause' | 'stop' | null>(null);
  const running = experiment.status === 'running';

  const pauseOrResume = () => {
    setActing('pause');
    return run(async () => {
      if (running)
        onChanged(
          await experimentsApi.pause(experiment.id),
          'The experiment is paused: new visitors see the control, A; those enrolled keep their variant.',
        );
      else onChanged(await experimentsApi.resume(experiment.id), 'The experiment runs again: new visitors are enrolled.');
    });
  };
  const stop = () => {
    setActing('stop');
    return run(async () => {
      if (winner === null) return;
      const stopped = await experimentsApi.stop(experiment.id, winner);
      onChanged(
        stopped,
        stopped.winnerKey === CONTROL_KEY
          ? `The control stays the campaign (version ${stopped.winnerVersion}).`
          : `Variant ${stopped.winnerKey} is now the campaign (version ${stopped.winnerVersion}).`,
      );
    });
  };

  return (
    <div className={styles.stack} role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{experiment.name}</h3>
      <p>
        {running
          ? `Running since ${careWhen(experiment.startedAt)}.`
          : `Paused since ${careWhen(experiment.pausedAt)}: new visitors see the control; those enrolled keep their variant.`}{' '}
        While it runs or is paused, no other version of the campaign is published.
      </p>
      <div className={styles.tableWrap}>
        {/* Three short columns fit a phone: no room kept for the wide tables' scrolling. */}
        <table className={styles.table} style={{ minWidth: 0 }}>
          <caption className="visually-hidden">Variants of {experiment.name}</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Version</th>
              <th scope="col">Weight</th>
            </tr>
          </thead>
          <tbody>
            {experiment.variants.map((variant) => (
              <tr key={variant.key}>
                <th scope="row">{variantName(variant.key)}</th>
                <td>{variant.version}</td>
                <td>{variant.weight}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <div>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          aria-busy={busy && acting === 'pause'}
          onClick={() => void pauseOrResume()}
        >
          {running ? 'Pause experiment' : 'Resume experiment'}
        </button>
      </div>
      <div className={`${styles.confirm} ${styles.stack}`}>
        <h4 id={`${id}-stop`}>Stop and keep…</h4>
        <div className={styles.checks} role="radiogroup" aria-labelledby={`${id}-stop`} aria-describedby={`${id}-stop-hint`}>
          {experiment.variants.map((variant) => (
            <label key={variant.key} className={styles.check}>
              <input
                type="radio"
                name={`${id}-winner`}
                value={variant.key}
                checked={winner === variant.key}
                onChange={() => setWinner(variant.key)}
              />
              Keep variant {variant.key} (version {variant.version})
            </label>
          ))}
        </div>
        <p id={`${id}-stop-hint`}>
          A variant kept is saved again as the campaign’s newest version and published at once; keeping the control leaves the campaign as
          it is. Nobody new is enrolled. Orders made in the experiment keep their variant.
        </p>
        <div>
          <button
            type="button"
            className={styles.primary}
            disabled={busy || winner === null}
            aria-busy={busy && acting === 'stop'}
            onClick={() => void stop()}
          >
            {busy && acting === 'stop' && <Loader type="submission-processing" variant="light" size="small" label="Stopping…" />}
            Stop experiment and publish the chosen variant
          </button>
        </div>
      </div>
    </div>
  );
}
