import { useId, useState, type FormEvent } from 'react';
import { Loader } from '@/components/ui/Loader';
import { isApiError } from '@/lib/api/apiErrors';
import type { StudioVersionView } from '@/lib/campaigns/studioViews';
import { MAX_VARIANTS } from '@/lib/experiments/assignment';
import { MAX_EXPERIMENT_NAME, VARIANT_KEYS, type Experiment } from '@/lib/experiments/experiment';
import {
  NAME_FIELD,
  newExperimentDraft,
  startInput,
  startProblems,
  versionField,
  weightField,
  weightsProblem,
  WEIGHTS_FIELD,
  withVariantAdded,
  withVariantRemoved,
  type ExperimentDraft,
  type StartProblems,
} from '@/lib/operators/experimentForm';
import { experimentsApi } from '@/lib/operators/experimentsApi';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

const NO_PROBLEMS: StartProblems = { byField: new Map(), others: [] };

// Short, to fit a phone's select: the versions list above says when each was saved and by whom.
const choiceWords = (version: StudioVersionView) => `Version ${version.version}, ${version.publishedAt ? 'published before' : 'a draft'}`;

/**
 * The form that starts an A/B test of the campaign: the published version is the control
 * (A), tried against 1 to 3 other saved versions, each with its whole-percent share of the
 * visitors. Remount it (a `key`) when the published version changes: the control is read once.
 */
export function CampaignExperimentStart({
  campaignId,
  versions,
  onStarted,
}: {
  campaignId: string;
  /** The campaign's versions, the newest first. */
  versions: readonly StudioVersionView[];
  onStarted: (experiment: Experiment) => void;
}) {
  const id = useId();
  const published = versions.find((version) => version.publishedAt !== null) ?? null;
  // Any other saved version may be tried, an older published one too (going back to it is a test as well).
  const choices = versions.filter((version) => version !== published);
  const choiceNumbers = choices.map((version) => version.version);
  const [draft, setDraft] = useState<ExperimentDraft | null>(() =>
    published ? newExperimentDraft(published.version, choiceNumbers) : null,
  );
  const [problems, setProblems] = useState<StartProblems>(NO_PROBLEMS);
  const { busy, error, run } = useAction();
  const title = <h3 id={`${id}-title`}>Start an experiment</h3>;

  if (!published || !draft)
    return (
      <div className={styles.stack} role="group" aria-labelledby={`${id}-title`}>
        {title}
        <p>
          {published
            ? 'Save another version of the campaign first (Edit the newest version): each variant is a saved version, tried against the published one.'
            : 'Publish a version of the campaign first: an experiment tries saved versions against the published one, the control.'}
        </p>
      </div>
    );

  const change = (next: ExperimentDraft, reshaped = false) => {
    setDraft(next);
    // Problems name variants by their place: once one is added or removed they would stand beside another.
    if (reshaped) setProblems(NO_PROBLEMS);
  };
  const setVariant = (index: number, patch: Partial<ExperimentDraft['variants'][number]>) =>
    change({ ...draft, variants: draft.variants.map((variant, at) => (at === index ? { ...variant, ...patch } : variant)) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      setProblems(NO_PROBLEMS);
      try {
        onStarted(await experimentsApi.start(campaignId, startInput(draft)));
      } catch (failure) {
        // A refused body's problems go beside their fields; anything else is useAction's alert. What was typed stays either way.
        if (!isApiError(failure) || failure.status !== 400 || failure.details.length === 0) throw failure;
        setProblems(startProblems(failure.details, draft.variants.length));
      }
    });
  };

  const problemOf = (field: string) => problems.byField.get(field) ?? null;
  const problemId = (field: string) => (problemOf(field) ? `${id}-${field}-error` : null);
  /** The ids a control is described by (its hint, its problem), those that are shown. */
  const describedBy = (...ids: (string | null)[]) => ids.filter(Boolean).join(' ') || undefined;
  const fieldProblem = (field: string) =>
    problemOf(field) && (
      <p id={problemId(field)!} className={styles.fieldError}>
        {problemOf(field)}
      </p>
    );

  const typedProblem = weightsProblem(draft);
  const sumId = `${id}-sum`;
  const refused = problems.byField.size > 0 || problems.others.length > 0;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      {title}
      {refused && (
        <div className={styles.alert} role="alert">
          <p>
            The experiment was not started: {problems.others.length > 0 ? problems.others.join(' ') : 'see the problems beside the fields.'}
          </p>
        </div>
      )}
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>Name</label>
        <p id={`${id}-name-hint`} className={styles.hint}>
          What it tries, as the report lists it: “A lower first-year price”.
        </p>
        <input
          id={`${id}-name`}
          className={styles.input}
          value={draft.name}
          maxLength={MAX_EXPERIMENT_NAME}
          autoComplete="off"
          aria-invalid={problemOf(NAME_FIELD) ? true : undefined}
          aria-describedby={describedBy(`${id}-name-hint`, problemId(NAME_FIELD))}
          onChange={(event) => change({ ...draft, name: event.target.value })}
        />
        {fieldProblem(NAME_FIELD)}
      </div>
      <fieldset className={styles.fieldset}>
        <legend>Variants</legend>
        <p className={styles.hint}>
          Each visitor who accepts analytics is shown one variant, always the same one; a weight is the variant’s share of them, in whole
          percent. Adding or removing a variant shares them evenly again.
        </p>
        {draft.variants.map((variant, index) => {
          const key = VARIANT_KEYS[index]!;
          const weightId = `${id}-weight-${index}`;
          return (
            <div key={index} className={styles.fields}>
              {index === 0 ? (
                <div className={styles.field}>
                  <p id={`${id}-control`}>A (control): version {published.version}, published</p>
                  {fieldProblem(versionField(0))}
                </div>
              ) : (
                <div className={styles.field}>
                  <label htmlFor={`${id}-version-${index}`}>Variant {key} version</label>
                  <select
                    id={`${id}-version-${index}`}
                    className={styles.input}
                    value={variant.version}
                    aria-invalid={problemOf(versionField(index)) ? true : undefined}
                    aria-describedby={describedBy(problemId(versionField(index)))}
                    onChange={(event) => setVariant(index, { version: Number(event.target.value) })}
                  >
                    {choices.map((choice) => (
                      <option key={choice.version} value={choice.version}>
                        {choiceWords(choice)}
                      </option>
                    ))}
                  </select>
                  {fieldProblem(versionField(index))}
                </div>
              )}
              <div className={styles.field}>
                <label htmlFor={weightId}>Variant {key} weight, %</label>
                <input
                  id={weightId}
                  className={styles.input}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={99}
                  step={1}
                  value={variant.weight}
                  aria-invalid={problemOf(weightField(index)) || typedProblem ? true : undefined}
                  aria-describedby={describedBy(
                    // A's version is no control of its own: its weight's says what it is, and its problem.
                    index === 0 ? `${id}-control` : null,
                    index === 0 ? problemId(versionField(0)) : null,
                    problemId(weightField(index)),
                    sumId,
                    problemOf(WEIGHTS_FIELD) !== typedProblem ? problemId(WEIGHTS_FIELD) : null,
                  )}
                  onChange={(event) => setVariant(index, { weight: event.target.value })}
                />
                {fieldProblem(weightField(index))}
              </div>
              {index >= 2 && (
                <div className={styles.field}>
                  <div>
                    <button
                      type="button"
                      className={styles.secondary}
                      aria-label={`Remove variant ${key}`}
                      onClick={() => change(withVariantRemoved(draft, index), true)}
                    >
                      Remove
                    </button>
                  </div>
                </div>
              )}
            </div>
          );
        })}
        {/* Always there, so that the sum is read out as the weights are typed. */}
        <p id={sumId} className={typedProblem ? styles.fieldError : styles.hint} role="status">
          {typedProblem ?? 'The weights add up to 100%.'}
        </p>
        {/* The server's word on the weights together, when it is not the sum's above (their number, say). */}
        {problemOf(WEIGHTS_FIELD) !== typedProblem && fieldProblem(WEIGHTS_FIELD)}
        {draft.variants.length < MAX_VARIANTS && draft.variants.length - 1 < choices.length && (
          <div>
            <button type="button" className={styles.secondary} onClick={() => change(withVariantAdded(draft, choiceNumbers), true)}>
              Add a variant
            </button>
          </div>
        )}
      </fieldset>
      <div>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
          {busy && <Loader type="submission-processing" variant="light" size="small" label="Starting…" />}
          Start experiment
        </button>
      </div>
    </form>
  );
}
