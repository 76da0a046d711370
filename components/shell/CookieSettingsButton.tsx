import { useConsent } from './Consent';
import { useWords } from './I18n';
import styles from './CookieSettingsButton.module.css';

/** "Cookie settings": opens the consent choices again, so consent can be changed or withdrawn at any time. */
export function CookieSettingsButton() {
  const consent = useConsent();
  const { t } = useWords();
  if (!consent) return null;
  return (
    <button type="button" className={styles.settings} onClick={consent.reopen}>
      {t('common.cookieSettings')}
    </button>
  );
}
