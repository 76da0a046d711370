import { useId, useState } from 'react';
import { utcToZoned, zonedToUtc } from '@/lib/campaigns/zonedTime';
import type { StudioSchedule } from '@/lib/campaigns/studioViews';
import { campaignStudioApi } from '@/lib/operators/campaignStudioApi';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

/** "24 Dec 2026, 09:00 (Europe/Berlin)": a schedule's time as it was chosen. */
export function scheduleText(schedule: StudioSchedule): string {
  const local = utcToZoned(schedule.publishAt, schedule.timeZone);
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: schedule.timeZone }).format(
    new Date(schedule.publishAt),
  );
  return `${when || local} (${schedule.timeZone})`;
}

/**
 * Publishing a saved draft at a chosen time, in the form's time zone: the schedules job
 * publishes it then (lib/server/campaigns/scheduledPublications.ts). One schedule per
 * campaign; a new one replaces it, and it can be called off.
 */
export function ScheduleControls(props: {
  campaignId: string;
  version: number | null;
  /** Why there is no version to schedule, when there is none. */
  whyNone: string;
  timeZone: string;
  initial: StudioSchedule | null;
}) {
  const id = useId();
  const [when, setWhen] = useState('');
  const [scheduled, setScheduled] = useState<StudioSchedule | null>(props.initial);
  const [said, setSaid] = useState('');
  const { busy, error, setError, run } = useAction();
  const { campaignId, version, timeZone } = props;
  const schedule = () =>
    run(async () => {
      setSaid('');
      const publishAt = zonedToUtc(when, timeZone);
      if (version === null) return;
      if (publishAt === null) {
        setError('Enter a date and a time.');
        return;
      }
      const answer = await campaignStudioApi.schedule(campaignId, version, publishAt, timeZone);
      setScheduled(answer);
      setSaid(`Version ${answer.version} is scheduled for ${scheduleText(answer)}.`);
    });
  const callOff = () =>
    run(async () => {
      await campaignStudioApi.unschedule(campaignId);
      setScheduled(null);
      setSaid('The schedule is called off: nothing will be published by it.');
    });
  return (
    <div className={styles.stack} role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Publish later</h3>
      {scheduled && (
        <p>
          Version {scheduled.version} is scheduled to be published on {scheduleText(scheduled)}.
        </p>
      )}
      <label>
        <span className={styles.label}>Publish at ({timeZone})</span>
        <input
          className={styles.input}
          type="datetime-local"
          value={when}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setWhen(event.target.value)}
        />
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {version === null ? props.whyNone : `Schedules version ${version}. The time zone is the one chosen for the campaign’s dates above.`}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.row}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy || version === null || when === ''}
          aria-busy={busy}
          onClick={() => void schedule()}
        >
          {busy ? 'Scheduling…' : 'Schedule'}
        </button>
        {scheduled && (
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void callOff()}>
            Call off the schedule
          </button>
        )}
      </div>
      <p role="status">{said}</p>
    </div>
  );
}
