import { useWords } from '@/components/shell/I18n';
import { STARTS_WITH_THE } from '@/lib/brands/brandPhrase';
import type { MessageKey } from '@/lib/i18n/messageKey';
import type { PermissionChoices as MarketingChoices } from '@/lib/tracking/marketingPermissions';
import styles from './CheckoutForm.module.css';

export const NO_MARKETING: MarketingChoices = { firstParty: false, otherBrands: false, thirdParty: false, newsletter: false };

/**
 * The buyer's marketing permissions (SPEC §6): four boxes, all unticked, none needed to
 * buy. They travel in the marketing-permissions event when the order is placed.
 */
export function MarketingPermissions({
  brandName,
  choices,
  onChange,
}: {
  brandName: string;
  choices: MarketingChoices;
  onChange(choices: MarketingChoices): void;
}) {
  const { t } = useWords();
  // English puts "the" before a brand's name ("the Vogue newsletter") unless the name has its own ("The New Yorker").
  const brand = { brand: brandName.trim(), article: STARTS_WITH_THE.test(brandName.trim()) ? 'none' : 'the' };
  const box = (key: keyof MarketingChoices, label: MessageKey) => (
    <label className={styles.permission}>
      <input
        type="checkbox"
        name={`marketing-${key}`}
        checked={choices[key]}
        onChange={(event) => onChange({ ...choices, [key]: event.target.checked })}
      />
      <span>{t(label, brand)}</span>
    </label>
  );
  return (
    <fieldset className={styles.permissions}>
      <legend>{t('payment.marketing.legend')}</legend>
      {box('newsletter', 'payment.marketing.newsletter')}
      {box('firstParty', 'payment.marketing.firstParty')}
      {box('otherBrands', 'payment.marketing.otherBrands')}
      {box('thirdParty', 'payment.marketing.thirdParty')}
      <p className={styles.hint}>{t('payment.marketing.hint')}</p>
    </fieldset>
  );
}
