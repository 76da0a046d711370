import { createContext, useContext, type ReactNode } from 'react';
import styles from './BackOffice.module.css';

/**
 * The campaign editor's inputs: each labelled, its hint and its problems beside it and read
 * out with it (aria-describedby), marked invalid while it has one. A control is named by the
 * key lib/campaigns/draftFormProblems.ts places problems under ("flow.headline", "offer.o2.price").
 */
export const ProblemsBeside = createContext<ReadonlyMap<string, readonly string[]>>(new Map());

/** "offer.o2.price" → "ce-offer-o2-price": an id for the control's element. */
export const controlId = (control: string) => `ce-${control.replace(/[^A-Za-z0-9_-]/g, '-')}`;

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

interface Wiring {
  id: string;
  errors: readonly string[];
  describedBy: string | undefined;
  invalid: true | undefined;
}

function useWiring(control: string, hint: ReactNode, alsoDescribedBy?: string): Wiring {
  const id = controlId(control);
  const errors = useContext(ProblemsBeside).get(control) ?? [];
  const ids = [hint ? `${id}-hint` : null, alsoDescribedBy ?? null, errors.length ? `${id}-error` : null].filter(Boolean);
  return { id, errors, describedBy: ids.join(' ') || undefined, invalid: errors.length ? true : undefined };
}

function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className={styles.hint}>
      {hint}
    </p>
  ) : null;
}

function Problems({ id, errors }: { id: string; errors: readonly string[] }) {
  return errors.length ? (
    <p id={`${id}-error`} className={styles.fieldError}>
      {errors.map(sentence).join('; ')}
    </p>
  ) : null;
}

interface Common {
  control: string;
  label: string;
  hint?: ReactNode;
  /** Another element that says something of this field (a held offer's note). */
  describedBy?: string;
  /** Spans the whole row of its grid. */
  wide?: boolean;
}

interface TextProps extends Common {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  type?: 'text' | 'datetime-local' | 'url';
  inputMode?: 'text' | 'decimal' | 'numeric';
  /** Text shown before the input, as part of what it means: "/vogue/". */
  prefix?: string;
}

export function TextInput({
  control,
  label,
  hint,
  describedBy,
  wide,
  value,
  onChange,
  readOnly,
  type = 'text',
  inputMode,
  prefix,
}: TextProps) {
  const wiring = useWiring(control, hint, describedBy);
  const input = (
    <input
      id={wiring.id}
      className={styles.input}
      type={type}
      inputMode={inputMode}
      value={value}
      readOnly={readOnly || !onChange}
      autoComplete="off"
      aria-invalid={wiring.invalid}
      aria-describedby={wiring.describedBy}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={wiring.id}>{label}</label>
      <Hint id={wiring.id} hint={hint} />
      {prefix ? (
        <div className={styles.prefixed}>
          <span className={styles.prefix}>{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      <Problems id={wiring.id} errors={wiring.errors} />
    </div>
  );
}

export function TextArea({
  control,
  label,
  hint,
  describedBy,
  wide,
  value,
  onChange,
  rows = 3,
}: Common & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}) {
  const wiring = useWiring(control, hint, describedBy);
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={wiring.id}>{label}</label>
      <Hint id={wiring.id} hint={hint} />
      <textarea
        id={wiring.id}
        className={styles.input}
        rows={rows}
        value={value}
        aria-invalid={wiring.invalid}
        aria-describedby={wiring.describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <Problems id={wiring.id} errors={wiring.errors} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function ChoiceInput({
  control,
  label,
  hint,
  describedBy,
  wide,
  value,
  choices,
  onChange,
}: Common & {
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  const wiring = useWiring(control, hint, describedBy);
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={wiring.id}>{label}</label>
      <Hint id={wiring.id} hint={hint} />
      <select
        id={wiring.id}
        className={styles.input}
        value={value}
        aria-invalid={wiring.invalid}
        aria-describedby={wiring.describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <Problems id={wiring.id} errors={wiring.errors} />
    </div>
  );
}

export function CheckInput({
  control,
  label,
  hint,
  describedBy,
  wide,
  checked,
  disabled,
  onChange,
}: Common & {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const wiring = useWiring(control, hint, describedBy);
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <div className={styles.check}>
        <input
          id={wiring.id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={wiring.invalid}
          aria-describedby={wiring.describedBy}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={wiring.id}>{label}</label>
      </div>
      <Hint id={wiring.id} hint={hint} />
      <Problems id={wiring.id} errors={wiring.errors} />
    </div>
  );
}
