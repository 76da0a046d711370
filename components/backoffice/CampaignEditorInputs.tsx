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

/** A field's frame: its label, hint, control and problems, in that order. */
function Field({
  wiring,
  label,
  hint,
  wide,
  children,
}: {
  wiring: Wiring;
  label: string;
  hint: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={wiring.id}>{label}</label>
      <Hint id={wiring.id} hint={hint} />
      {children}
      <Problems id={wiring.id} errors={wiring.errors} />
    </div>
  );
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
  type?: 'text' | 'datetime-local' | 'url' | 'number';
  /** For a number: its bounds. */
  min?: number;
  max?: number;
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
  min,
  max,
}: TextProps) {
  const wiring = useWiring(control, hint, describedBy);
  const input = (
    <input
      id={wiring.id}
      className={styles.input}
      type={type}
      inputMode={inputMode}
      min={min}
      max={max}
      step={type === 'number' ? 1 : undefined}
      value={value}
      readOnly={readOnly || !onChange}
      autoComplete="off"
      aria-invalid={wiring.invalid}
      aria-describedby={wiring.describedBy}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
  return (
    <Field wiring={wiring} label={label} hint={hint} wide={wide}>
      {prefix ? (
        <div className={styles.prefixed}>
          <span className={styles.prefix}>{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
    </Field>
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
    <Field wiring={wiring} label={label} hint={hint} wide={wide}>
      <textarea
        id={wiring.id}
        className={styles.input}
        rows={rows}
        value={value}
        aria-invalid={wiring.invalid}
        aria-describedby={wiring.describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
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
    <Field wiring={wiring} label={label} hint={hint} wide={wide}>
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
    </Field>
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
