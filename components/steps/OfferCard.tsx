import { useMemo } from 'react';
import { Price } from '@/components/ui/Price';
import { Loader } from '@/components/ui/Loader';
import type { Offer } from '@/lib/catalogue/types';
import { offerFullPrice, offerPrice, offerRenewalPrice } from '@/lib/pricing/offerPrice';
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

/** What the offer costs after today: a trial's price once it ends, an introductory price's renewal. */
function renewalTermsOf(offer: Offer): string | null {
  const renewal = formatMoney(offerRenewalPrice(offer), offer.currencyCode);
  if (offer.trialOffer) return `Free for ${offer.trialDays} days, then ${renewal} a ${offer.billingInterval}.`;
  if (offerPrice(offer) === offerRenewalPrice(offer)) return null;
  return `${formatMoney(offerPrice(offer), offer.currencyCode)} for the first ${offer.billingInterval}, then ${renewal} a ${offer.billingInterval}.`;
}

export function OfferCard({ offer, featured, busy, disabled, onChoose, campaignId }: OfferCardProps) {
  const headingId = `offer-${offer.id}-name`;
  const action = offer.trialOffer ? 'Start free trial' : 'Subscribe';
  const terms = renewalTermsOf(offer);
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
