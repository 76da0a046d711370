import { Msg, useWords } from '@/components/shell/I18n';
import { Loader } from '@/components/ui/Loader';
import type { PromoCodeModel } from './usePromoCode';
import styles from './PromoCodeForm.module.css';

interface PromoCodeFormProps {
  promo: PromoCodeModel;
  /** The payment step's smaller field, in its summary column. */
  compact?: boolean;
  /** False hides the field (a closed disclosure); the applied code or the error still shows. */
  showField?: boolean;
  /** Focused when the field opens. */
  autoFocus?: boolean;
}

/** The promo-code field and its one message: the code applied (with its removal), or what went wrong. */
export function PromoCodeForm({ promo, compact = false, showField = true, autoFocus = false }: PromoCodeFormProps) {
  const { t } = useWords();
  const { feedback, refusal, appliedCode, resultRef } = promo;
  const isError = feedback?.kind === 'error';
  const removeButton = (
    <button type="button" className={styles.linkButton} onClick={promo.remove}>
      {t('promo.remove')}
    </button>
  );
  return (
    <div className={compact ? styles.compact : undefined}>
      {showField && (
        <form className={styles.form} onSubmit={promo.apply} noValidate>
          <label htmlFor="promo-code">{t('promo.field')}</label>
          <div className={styles.controls}>
            <input
              id="promo-code"
              name="promoCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              // Only when the buyer opened the field just now: it is what they asked for.
              autoFocus={autoFocus}
              value={promo.input}
              onChange={(event) => promo.setInput(event.target.value)}
              aria-invalid={isError}
              aria-describedby={isError ? 'promo-code-feedback' : undefined}
            />
            <button type="submit" className={styles.apply} disabled={promo.applying} aria-busy={promo.applying}>
              {promo.applying && <Loader type="submission-processing" size="small" label={t('promo.checking')} />}
              {t('promo.apply')}
            </button>
          </div>
        </form>
      )}
      {refusal && !isError ? (
        <p id="promo-code-feedback" className={`${styles.result} ${styles.error}`} role="alert">
          {refusal} {removeButton}
        </p>
      ) : appliedCode && !isError ? (
        <p id="promo-code-feedback" ref={resultRef} tabIndex={-1} className={`${styles.result} ${styles.applied}`} role="status">
          <Msg id="promo.applied" values={{ code: appliedCode }} components={{ 0: <strong /> }} />
          {/* A code on a free trial is valid but has nothing to take off today: say so rather than seem to do nothing. */}
          {promo.nothingOff && ` ${t('promo.nothingOff')}`} {removeButton}
        </p>
      ) : (
        feedback && (
          <p
            id="promo-code-feedback"
            ref={resultRef}
            tabIndex={-1}
            className={`${styles.result} ${isError ? styles.error : styles.applied}`}
            role={isError ? 'alert' : 'status'}
          >
            {feedback.message}
          </p>
        )
      )}
    </div>
  );
}
