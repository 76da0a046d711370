import { theBrand } from '@/lib/brands/brandPhrase';
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
  const box = (key: keyof MarketingChoices, label: string) => (
    <label className={styles.permission}>
      <input
        type="checkbox"
        name={`marketing-${key}`}
        checked={choices[key]}
        onChange={(event) => onChange({ ...choices, [key]: event.target.checked })}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className={styles.permissions}>
      <legend>Stay in touch (optional)</legend>
      {box('newsletter', `Send me ${theBrand(brandName)} newsletter.`)}
      {box('firstParty', `Send me offers and news from ${brandName} by e-mail.`)}
      {box('otherBrands', `Send me offers from other brands of ${theBrand(brandName)} group.`)}
      {box('thirdParty', 'Send me offers from carefully selected partners.')}
      <p className={styles.hint}>You can change these at any time from your account.</p>
    </fieldset>
  );
}
