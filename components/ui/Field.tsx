import {
  useCallback,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { optionsMarkup, type SelectOption } from '@/lib/html/optionsMarkup';
import styles from './Field.module.css';
import { useHydrated } from './useHydrated';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A labelled text input with its hint and its error message, wired for screen readers. What a
 * visitor typed (or the browser filled in) before the page hydrated is in the field but not in
 * the form's state, which React leaves as it was: the field hands it over once mounted.
 */
export function Field({ id, label, error, hint, inputRef, ...input }: FieldProps) {
  const own = useRef<HTMLInputElement | null>(null);
  const ref = useCallback(
    (element: HTMLInputElement | null) => {
      own.current = element;
      assignRef(inputRef, element);
    },
    [inputRef],
  );
  const handOver = useEffectEvent(() => {
    const element = own.current;
    if (element && input.onChange && typeof input.value === 'string' && element.value !== input.value) {
      input.onChange({ target: element, currentTarget: element } as ChangeEvent<HTMLInputElement>);
    }
  });
  // Once, at mount: later changes come through onChange itself.
  useLayoutEffect(() => handOver(), []);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        ref={ref}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  /** Keep the same array between renders: new options rewrite the list (and its selection). */
  options: readonly SelectOption[];
  placeholder: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  selectRef?: Ref<HTMLSelectElement>;
  autoComplete?: string;
  required?: boolean;
  /**
   * The server's page writes only the placeholder and the chosen option; the rest follow
   * once the page has hydrated. For a long list (the countries) that the page's props carry
   * anyway: written twice, it pushed the payment step's HTML past what a first round trip
   * brings (docs/performance.md).
   */
  optionsAfterHydration?: boolean;
  /** Nothing to choose yet (a list still loading): said by the placeholder. */
  disabled?: boolean;
}

/**
 * A labelled select with its error message. Its options are written as markup, which React
 * neither hydrates nor reconciles one by one. The markup marks the value the select first
 * had, so the page shows it before hydration; after that React sets the selection from `value`.
 */
export function SelectField({
  id,
  label,
  value,
  options,
  placeholder,
  error,
  onChange,
  onBlur,
  selectRef,
  autoComplete,
  required,
  optionsAfterHydration = false,
  disabled = false,
}: SelectFieldProps) {
  const [firstValue] = useState(value);
  const hydrated = useHydrated();
  const shown = useMemo(
    // The value restored before the rest arrive (a saved form) is kept too, so that it shows chosen.
    () =>
      optionsAfterHydration && !hydrated ? options.filter((option) => option.value === firstValue || option.value === value) : options,
    [optionsAfterHydration, hydrated, options, firstValue, value],
  );
  const markup = useMemo(() => ({ __html: optionsMarkup(placeholder, shown, firstValue) }), [placeholder, shown, firstValue]);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        ref={selectRef}
        className={styles.input}
        value={value}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled || undefined}
        aria-busy={disabled || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        dangerouslySetInnerHTML={markup}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
