import { useState } from 'react';
import { useRouter } from 'next/router';
import { OfferCard } from './OfferCard';
import type { Offer } from '@/lib/catalogue/types';
import { chooseOffer } from '@/lib/cart/cartSelection';
import { writeCartCookie } from '@/lib/cart/cartCookie';
import type { StepViewProps } from './stepViewProps';
import { stepHref } from '@/lib/journey/navigation';
import { useOptionalCheckoutConfig } from '@/components/shell/CheckoutConfig';
import { buildAddToCart, buildOfferPageLoad } from '@/lib/tracking/events';
import { trackedItemFor } from '@/lib/tracking/commerce';
import { track } from '@/lib/tracking/track';
import { afterNextPaint } from '@/lib/browser/afterNextPaint';
import { pageContext, useTrackOnce } from '@/lib/tracking/useTrackOnce';
import styles from './OfferStep.module.css';

export type OfferStepProps = Pick<StepViewProps<'campaign'>, 'flow' | 'base' | 'search'>;

/**
 * The campaign's offer page: the single-offer (v1) or dual-offer (v2) template, chosen
 * by the number of plans. Choosing an offer puts it alone in the cart and opens the cart.
 */
export function OfferStep({ flow, base, search }: OfferStepProps) {
  const router = useRouter();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const { headline, subheadline, plans } = flow.data.pageData;
  const dual = flow.templateIdentifier === 'dual-offer-v2';
  const source = useOptionalCheckoutConfig()?.mode.source ?? null;
  useTrackOnce(flow.campaignId, () => buildOfferPageLoad(pageContext(flow.campaignId)));

  const choose = (offer: Offer) => {
    // The button turns busy (and every card's is disabled) in this tap's paint; the cart and
    // the move follow in the next task. The event stays in the tap: events a tap emits are
    // held behind the tap's own while the markup binder loads (track.ts holdEvents).
    setChosenId(offer.id);
    track(buildAddToCart(trackedItemFor(offer, flow.campaignId), { timestamp: Date.now(), source }));
    afterNextPaint(() => {
      writeCartCookie(flow.campaignId, chooseOffer(offer.id));
      router.push(stepHref(base, 'cart', search)).catch(() => setChosenId(null));
    });
  };

  return (
    <>
      <h1 className={styles.headline}>{headline}</h1>
      {subheadline && <p className={styles.subheadline}>{subheadline}</p>}
      <div className={dual ? styles.dual : styles.single} data-template={flow.templateIdentifier}>
        {plans.map((offer, index) => (
          <OfferCard
            key={offer.id}
            offer={offer}
            featured={dual && index === plans.length - 1}
            busy={chosenId === offer.id}
            disabled={chosenId !== null}
            onChoose={choose}
            campaignId={flow.campaignId}
            pricesIncludeTax={flow.pricesIncludeTax}
            imageLoading={index === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </div>
    </>
  );
}
