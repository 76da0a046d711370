import type { BrandLink } from '@/lib/journey/errorPage';
import { useWords } from '@/components/shell/I18n';
import styles from './BrandList.module.css';

/** The brands' current offers, for a visitor whose link named no brand of ours. */
export function BrandList({ brands }: { brands: readonly BrandLink[] }) {
  const { t } = useWords();
  return (
    <nav className={styles.brands} aria-labelledby="error-brands-heading">
      <h2 id="error-brands-heading" className={styles.heading}>
        {t('errors.brands')}
      </h2>
      <ul className={styles.list}>
        {brands.map((brand) => (
          <li key={brand.href}>
            <a className={styles.link} href={brand.href}>
              {brand.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
