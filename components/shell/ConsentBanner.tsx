import { useEffect, useId, useRef, useState } from 'react';
import { ALL_GROUPS, CONSENT_GROUPS, NECESSARY_ONLY, type ConsentGroupId, type ConsentState } from '@/lib/tracking/consent/consentGroups';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { useWords } from './I18n';
import styles from './ConsentBanner.module.css';

/** What each group is for, in the visitor's words (a group without its messages does not compile). */
const GROUP_TEXT: Record<ConsentGroupId, { label: MessageKey; description: MessageKey }> = {
  C0001: { label: 'common.consent.C0001.label', description: 'common.consent.C0001.description' },
  C0002: { label: 'common.consent.C0002.label', description: 'common.consent.C0002.description' },
  C0003: { label: 'common.consent.C0003.label', description: 'common.consent.C0003.description' },
  C0004: { label: 'common.consent.C0004.label', description: 'common.consent.C0004.description' },
};

interface ConsentBannerProps {
  current: ConsentState;
  onDecide(groups: ReadonlySet<ConsentGroupId>): void;
  /** Opened by the visitor from the footer: focus (and the view) goes to it, at the top of the page. */
  takeFocus?: boolean;
}

/**
 * The built-in consent banner: accept all, reject all, or choose per group. It does not
 * block the page (buying works whatever the answer) and, shown unasked, it does not take
 * focus; it is a labelled region in the page's flow, reachable from the keyboard.
 */
export function ConsentBanner({ current, onDecide, takeFocus = false }: ConsentBannerProps) {
  const headingId = useId();
  const { t } = useWords();
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (takeFocus) region.current?.focus();
  }, [takeFocus]);
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<Set<ConsentGroupId>>(() => new Set(current.decided ? current.groups : NECESSARY_ONLY));

  const toggle = (id: ConsentGroupId, on: boolean) =>
    setChosen((groups) => {
      const next = new Set(groups);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section ref={region} tabIndex={-1} className={styles.banner} aria-labelledby={headingId} data-testid="consent-banner">
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          {t('common.consent.heading')}
        </h2>
        <p className={styles.text}>{t('common.consent.text')}</p>
        {choosing && (
          <fieldset className={styles.groups}>
            <legend className="visually-hidden">{t('common.consent.groups')}</legend>
            {CONSENT_GROUPS.map((group) => (
              <label key={group.id} className={styles.group}>
                <input
                  type="checkbox"
                  name={group.id}
                  checked={group.required || chosen.has(group.id)}
                  disabled={group.required}
                  onChange={(event) => toggle(group.id, event.target.checked)}
                />
                <span>
                  <strong>{t(GROUP_TEXT[group.id].label)}</strong>{' '}
                  <span className={styles.description}>{t(GROUP_TEXT[group.id].description)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => onDecide(ALL_GROUPS)}>
            {t('common.consent.acceptAll')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => onDecide(NECESSARY_ONLY)}>
            {t('common.consent.rejectAll')}
          </button>
          {choosing ? (
            <button type="button" className={styles.secondary} onClick={() => onDecide(new Set([...chosen, 'C0001']))}>
              {t('common.consent.save')}
            </button>
          ) : (
            <button type="button" className={styles.link} onClick={() => setChoosing(true)}>
              {t('common.consent.manage')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
