import { useConsent } from './Consent';
import styles from './CookieSettingsButton.module.css';

/** "Cookie settings": opens the consent choices again, so consent can be changed or withdrawn at any time. */
export function CookieSettingsButton() {
  const consent = useConsent();
  if (!consent) return null;
  return (
    <button type="button" className={styles.settings} onClick={consent.reopen}>
      Cookie settings
    </button>
  );
}
