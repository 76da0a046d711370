import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api/apiErrors';
import { problemsByField } from '@/lib/campaigns/draftFormProblems';
import type { StudioListPageProps } from '@/lib/campaigns/studioViews';
import { campaignStudioApi, type ReadingUrlChanged } from '@/lib/operators/campaignStudioApi';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

type Brand = StudioListPageProps['brands'][number];

/** The body's field a refused reading URL's details name ("readingUrl: must be an absolute https URL…"). */
const READING_URL_FIELD = 'readingUrl';

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * The studio's forms for each brand's reading URL: the success page's "Start reading" link.
 * It is the brand's, not a campaign's, so it is no draft: saving writes it at once for every
 * campaign of the brand (lib/server/campaigns/brandReadingUrl.ts).
 */
export function BrandReadingUrls({ brands }: { brands: readonly Brand[] }) {
  return (
    <section className={styles.card} aria-labelledby="reading-urls-title">
      <h2 id="reading-urls-title">Where new subscribers start reading</h2>
      <p>
        Each brand’s reading URL is the “Start reading” link on its success page: a change applies at once to every campaign of the brand,
        not as a draft, and is recorded in the audit log.
      </p>
      <ul className={styles.plain}>
        {brands.map((brand) => (
          <li key={brand.slug}>
            <ReadingUrlForm brand={brand} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a saved reading URL means for the brand's new subscribers. */
function savedWords(brandName: string, saved: ReadingUrlChanged): string {
  if (!saved.changed) return 'Nothing changed.';
  return saved.readingUrl === null
    ? `Saved: ${brandName} has no reading link.`
    : `Saved: new subscribers of ${brandName} start reading at ${saved.readingUrl}.`;
}

/** A refused URL's own problem, to show beside the input; null for any other failure. */
function problemOfField(failure: unknown): string | null {
  if (!isApiError(failure) || failure.status !== 400) return null;
  const messages = problemsByField(failure.details).get(READING_URL_FIELD);
  return messages?.length ? messages.map(sentence).join('; ') : null;
}

function ReadingUrlForm({ brand }: { brand: Brand }) {
  const id = useId();
  const [value, setValue] = useState(brand.readingUrl ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const { busy, error, run } = useAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      setProblem(null);
      setSaid(null);
      try {
        const saved = await campaignStudioApi.changeReadingUrl(brand.slug, value.trim() || null);
        setSaid(savedWords(brand.name, saved));
      } catch (failure) {
        // The field's own problem goes beside it; anything else is useAction's alert. What was typed stays either way.
        const beside = problemOfField(failure);
        if (beside === null) throw failure;
        setProblem(beside);
      }
    });
  };

  const describedBy = `${id}-hint${problem ? ` ${id}-error` : ''}`;
  return (
    // noValidate: the browser's own URL check would stop the form with its own words; the server's say what is needed (https).
    <form className={styles.subform} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={id}>{`Reading URL of ${brand.name}`}</label>
        <p id={`${id}-hint`} className={styles.hint}>
          Leave empty for no link.
        </p>
        <input
          id={id}
          className={styles.input}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setValue(event.target.value);
            // "Saved: …" would otherwise stand beside a value that is not saved.
            setSaid(null);
          }}
        />
        {problem && (
          <p id={`${id}-error`} className={styles.fieldError} role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className={styles.stack}>
        <div>
          <button
            type="submit"
            className={styles.secondary}
            disabled={busy}
            aria-busy={busy}
            aria-label={`Save the reading URL of ${brand.name}`}
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
        {/* Always there, so that what it says once saved is read out. */}
        <p role="status">{said}</p>
        {error && (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
