import { useEffect, useState } from 'react';
import { useWords } from '@/components/shell/I18n';
import styles from './Loader.module.css';
import { assertLoaderType, DYNAMIC_LOAD_DELAY_MS, type LoaderSize, type LoaderType, type SubmissionVariant } from './loaderTypes';

export interface LoaderProps {
  type: LoaderType;
  /** Submission loader only: light on dark buttons, dark on light ones. */
  variant?: SubmissionVariant;
  /** Submission loader only. */
  size?: LoaderSize;
  /** What is being waited for, read by screen readers. */
  label?: string;
}

/**
 * The journey's loaders: a full-page "processing" overlay, a spinner inside a submit
 * button, and a placeholder where a form is still loading. All announce themselves
 * politely to assistive technology.
 */
export function Loader({ type, variant = 'light', size = 'medium', label }: LoaderProps) {
  assertLoaderType(type);
  const { t } = useWords();
  if (type === 'general-processing') {
    return (
      <div className={styles.overlay} role="status" aria-live="polite" data-loader={type}>
        <span className={`${styles.spinner} ${styles.large} ${styles.dark}`} aria-hidden="true" />
        <span className={styles.overlayText}>{label ?? t('common.loader.processing')}</span>
      </div>
    );
  }
  if (type === 'submission-processing') {
    return (
      <span className={styles.inline} role="status" aria-live="polite" data-loader={type}>
        <span className={`${styles.spinner} ${styles[size]} ${styles[variant]}`} aria-hidden="true" />
        <span className="visually-hidden">{label ?? t('common.loader.submitting')}</span>
      </span>
    );
  }
  return (
    <div className={styles.form} role="status" aria-live="polite" data-loader={type}>
      <span className="visually-hidden">{label ?? t('common.loader.loading')}</span>
      <span className={styles.bar} aria-hidden="true" />
      <span className={styles.bar} aria-hidden="true" />
      <span className={`${styles.bar} ${styles.short}`} aria-hidden="true" />
    </div>
  );
}

/** Shows a loader only once `delayMs` has passed, so that quick waits show nothing. */
export function DelayedLoader({ delayMs = DYNAMIC_LOAD_DELAY_MS, ...props }: LoaderProps & { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return undefined;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return visible ? <Loader {...props} /> : null;
}
