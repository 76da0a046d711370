import { useMemo } from 'react';
import { Price } from '@/components/ui/Price';
import { Loader } from '@/components/ui/Loader';
import { offerEyebrow } from '@/lib/catalogue/offerEyebrow';
import type { Offer } from '@/lib/catalogue/types';
import { hasIntroductoryPrice, introductoryPriceLine, priceTermsOf } from '@/lib/pricing/introductoryPrice';
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
  /** The first card's image is in view on arrival and loads at once; the others wait until scrolled near. */
  imageLoading?: 'eager' | 'lazy';
}

export function OfferCard({ offer, featured, busy, disabled, onChoose, campaignId, imageLoading = 'lazy' }: OfferCardProps) {
  const headingId = `offer-${offer.id}-name`;
  const action = offer.trialOffer ? 'Start free trial' : 'Subscribe';
  const priceTerms = priceTermsOf(offer);
  // Said against the offer's own renewal price, not a struck-through "was" price it never had.
  const terms = hasIntroductoryPrice(priceTerms) ? `${introductoryPriceLine(priceTerms)}.` : null;
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
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
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
      {terms && (
        <p className={styles.terms} data-testid="price-terms">
          {terms}
        </p>
      )}
      {offer.isPrintOffer && <p className={styles.terms}>Includes home delivery of the print edition.</p>}
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
        aria-label={`${action}: ${offer.name}`}
        aria-busy={busy}
        disabled={disabled}
        onClick={() => onChoose(offer)}
        data-martech-actions={martechActions}
      >
        {busy ? <Loader type="submission-processing" size="small" label={`Adding ${offer.name} to your cart`} /> : null}
        {action}
      </button>
    </article>
  );
}
