import { useMemo } from 'react';
import { Price } from '../ui/Price';
import { Loader } from '../ui/Loader';
import type { Offer } from '@/lib/catalogue/types';
import { offerFullPrice, offerPrice } from '@/lib/pricing/offerPrice';
import { formatMoney } from '@/lib/pricing/money';
import { subscriptionIntentActions } from '@/lib/tracking/markup';
import styles from './OfferStep.module.css';

interface OfferCardProps {
  offer: Offer;
  featured: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: (offer: Offer) => void;
  campaignId: string;
}

function trialTerms(offer: Offer): string | null {
  if (!offer.trialOffer) return null;
  const after = formatMoney(offer.discountedAmount ?? offer.totalAmount, offer.currencyCode);
  return `Free for ${offer.trialDays} days, then ${after} a ${offer.billingInterval}.`;
}

export function OfferCard({ offer, featured, busy, disabled, onChoose, campaignId }: OfferCardProps) {
  const headingId = `offer-${offer.id}-name`;
  const action = offer.trialOffer ? 'Start free trial' : 'Subscribe';
  const terms = trialTerms(offer);
  // The same for every render of this card (choosing an offer re-renders them all).
  const martechActions = useMemo(() => subscriptionIntentActions(offer.id, campaignId), [offer.id, campaignId]);
  return (
    <article className={`${styles.card} ${featured ? styles.featured : ''}`} aria-labelledby={headingId} data-offer-id={offer.id}>
      {offer.isPrintOffer && <p className={styles.badge}>Print + Digital</p>}
      <h2 id={headingId} className={styles.offerName}>
        {offer.name}
      </h2>
      <p className={styles.description}>{offer.description}</p>
      <p className={styles.priceLine}>
        <Price
          cents={offerPrice(offer)}
          currencyCode={offer.currencyCode}
          fullCents={offerFullPrice(offer)}
          interval={offer.trialOffer ? undefined : offer.billingInterval}
          size="large"
        />
      </p>
      {terms && <p className={styles.terms}>{terms}</p>}
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
