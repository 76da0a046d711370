import { useEffect, useId, useRef, useState } from 'react';
import { ALL_GROUPS, CONSENT_GROUPS, NECESSARY_ONLY, type ConsentGroupId, type ConsentState } from '@/lib/tracking/consent/consentGroups';
import styles from './ConsentBanner.module.css';

/** What each group is for, in the visitor's words (a group without its text does not compile). */
const GROUP_TEXT: Record<ConsentGroupId, { label: string; description: string }> = {
  C0001: { label: 'Strictly necessary', description: 'Keep your cart and payment working. Always on.' },
  C0002: { label: 'Performance', description: 'Help us measure how the checkout performs.' },
  C0003: { label: 'Functional', description: 'Remember your choices between visits.' },
  C0004: { label: 'Targeting', description: 'Let us and our partners remember you and show relevant offers.' },
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
          Your privacy choices
        </h2>
        <p className={styles.text}>
          We use cookies to run the checkout, measure it and, with your permission, show you relevant offers. Until you choose, we only
          measure visits anonymously.
        </p>
        {choosing && (
          <fieldset className={styles.groups}>
            <legend className="visually-hidden">Cookie groups</legend>
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
                  <strong>{GROUP_TEXT[group.id].label}</strong>{' '}
                  <span className={styles.description}>{GROUP_TEXT[group.id].description}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => onDecide(ALL_GROUPS)}>
            Accept all
          </button>
          <button type="button" className={styles.secondary} onClick={() => onDecide(NECESSARY_ONLY)}>
            Reject all
          </button>
          {choosing ? (
            <button type="button" className={styles.secondary} onClick={() => onDecide(new Set([...chosen, 'C0001']))}>
              Save my choices
            </button>
          ) : (
            <button type="button" className={styles.link} onClick={() => setChoosing(true)}>
              Manage choices
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
