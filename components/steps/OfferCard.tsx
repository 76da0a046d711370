import { useMemo } from 'react';
import { Price } from '@/components/ui/Price';
import { Loader } from '@/components/ui/Loader';
import { offerEyebrow } from '@/lib/catalogue/offerEyebrow';
import type { Offer } from '@/lib/catalogue/types';
import { hasIntroductoryPrice, priceTermsOf } from '@/lib/pricing/introductoryPrice';
import { priceOverTime } from '@/lib/i18n/priceOverTime';
import { useWords } from '@/components/shell/I18n';
import { offerPrice } from '@/lib/pricing/offerPrice';
import { subscriptionIntentActions } from '@/lib/tracking/markup';
import styles from './OfferStep.module.css';

interface OfferCardProps {
  offer: Offer;
  featured: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: (offer: Offer) => void;
  campaignId: string;
  /** The campaign's prices hold their tax: the card says so (lib/pricing/marketTax.ts). */
  pricesIncludeTax?: boolean;
  /** The first card's image is in view on arrival and loads at once; the others wait until scrolled near. */
  imageLoading?: 'eager' | 'lazy';
}

export function OfferCard({
  offer,
  featured,
  busy,
  disabled,
  onChoose,
  campaignId,
  pricesIncludeTax = false,
  imageLoading = 'lazy',
}: OfferCardProps) {
  const words = useWords();
  const { t } = words;
  const headingId = `offer-${offer.id}-name`;
  const action = t(offer.trialOffer ? 'offer.action.trial' : 'offer.action.subscribe');
  const priceTerms = priceTermsOf(offer);
  // Said against the offer's own renewal price, not a struck-through "was" price it never had.
  const tax = pricesIncludeTax ? 'included' : 'none';
  const terms = hasIntroductoryPrice(priceTerms) ? t('offer.terms', { terms: priceOverTime(words, priceTerms, tax) }) : null;
  const eyebrow = offerEyebrow(offer);
  // The same for every render of this card (choosing an offer re-renders them all).
  const martechActions = useMemo(() => subscriptionIntentActions(offer.id, campaignId), [offer.id, campaignId]);
  return (
    <article className={`${styles.card} ${featured ? styles.featured : ''}`} aria-labelledby={headingId} data-offer-id={offer.id}>
      {offer.image && (
        // Its width and height keep the card's room while it loads. A plain img: the catalogue's
        // images are small files the site serves, with nothing for an image optimiser to gain.
        <img
          className={styles.image}
          src={offer.image.src}
          alt={offer.image.alt}
          width={offer.image.width}
          height={offer.image.height}
          loading={imageLoading}
          decoding="async"
        />
      )}
      {offer.savingBadge && (
        <p className={styles.badge} data-testid="saving-badge">
          {offer.savingBadge}
        </p>
      )}
      {eyebrow && <p className={styles.eyebrow}>{t(eyebrow)}</p>}
      <h2 id={headingId} className={styles.offerName}>
        {offer.name}
      </h2>
      <p className={styles.description}>{offer.description}</p>
      <p className={styles.priceLine}>
        <Price
          cents={offerPrice(offer)}
          currencyCode={offer.currencyCode}
          interval={offer.trialOffer ? undefined : offer.billingInterval}
          size="large"
        />
      </p>
      {terms ? (
        <p className={styles.terms} data-testid="price-terms">
          {terms}
        </p>
      ) : (
        pricesIncludeTax && (
          <p className={styles.terms} data-testid="price-terms">
            {t('offer.taxIncluded')}
          </p>
        )
      )}
      {offer.isPrintOffer && <p className={styles.terms}>{t('offer.printDelivery')}</p>}
      {offer.features.length > 0 && (
        <ul className={styles.features}>
          {offer.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={styles.choose}
        aria-label={t('offer.action.label', { action, offer: offer.name })}
        aria-busy={busy}
        disabled={disabled}
        onClick={() => onChoose(offer)}
        data-martech-actions={martechActions}
      >
        {busy ? <Loader type="submission-processing" size="small" label={t('offer.adding', { offer: offer.name })} /> : null}
        {action}
      </button>
    </article>
  );
}
