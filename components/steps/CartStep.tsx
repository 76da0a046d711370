import Head from 'next/head';
import Link from 'next/link';
import { Loader } from '../ui/Loader';
import { Price } from '../ui/Price';
import { OrderSummary } from './OrderSummary';
import type { StepProps } from './registry';
import { cartItemFor } from '@/lib/cart/cart';
import { useCart } from '@/lib/cart/useCart';
import { crossSellsFor } from '@/lib/catalogue/crossSell';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import { useQuote } from '@/lib/checkout/useQuote';
import { journeyHref, signInHref } from '@/lib/journey/navigation';
import { useSubscriptionStatus } from '@/lib/auth/useSubscriptionStatus';
import { buildCartExitClick, buildCartLoad } from '@/lib/tracking/events';
import { pageContext, useTrackOnce } from '@/lib/tracking/useTrackOnce';
import { track } from '@/lib/tracking/track';
import styles from './CartStep.module.css';

/**
 * The cart: the chosen plan, the add-ons that go with it, the order as the server prices
 * it, and the way to a promo code.
 */
export default function CartStep({ flow, base, search, crossSells }: StepProps) {
  const { cart, promoCode, toggleAddOn, setPromoCode } = useCart(flow.campaignId);
  const plan = cart?.[0];
  const addOns = plan ? crossSellsFor(plan.id, crossSells) : [];
  const { state, retry } = useQuote(quoteRequestFor(flow, cart, { promoCode }));
  const subscribed = useSubscriptionStatus(flow.brand_slug) === 'subscribed';
  useTrackOnce(flow.campaignId, () => buildCartLoad(pageContext(flow.campaignId)));
  const refusedCoupon = state.status === 'ready' && state.quote.coupon && !state.quote.coupon.applied ? state.quote.coupon : null;

  return (
    <>
      <Head>
        <title>{`Your cart | ${flow.brandName}`}</title>
      </Head>
      <div className={styles.cart}>
        <h1>Your cart</h1>
        {cart === null && <Loader type="form-loading" label="Loading your cart…" />}
        {cart !== null && !plan && (
          <p>
            Your cart is empty. <Link href={journeyHref(base, '', search)}>Choose a subscription</Link>
          </p>
        )}
        {plan && (
          <>
            <ul className={styles.items} aria-label="Items in your cart">
              {cart.map((item) => (
                <li key={item.id} className={styles.item} data-cart-item={item.id}>
                  <span>{item.name}</span>
                  <Price cents={item.price} currencyCode={item.currencyCode} />
                </li>
              ))}
            </ul>
            {addOns.length > 0 && (
              <fieldset className={styles.addOns}>
                <legend>Add to your subscription</legend>
                {addOns.map((offer) => {
                  const item = cartItemFor(offer, flow.campaignId);
                  const id = `add-on-${offer.id}`;
                  return (
                    <div key={offer.id} className={styles.addOn}>
                      <input
                        id={id}
                        type="checkbox"
                        checked={cart.some((line) => line.id === offer.id)}
                        onChange={(event) => toggleAddOn(item, event.target.checked)}
                        aria-describedby={`${id}-description`}
                      />
                      <label htmlFor={id}>
                        {offer.name} <Price cents={item.price} currencyCode={item.currencyCode} />
                      </label>
                      <p id={`${id}-description`} className={styles.addOnDescription}>
                        {offer.description}
                      </p>
                    </div>
                  );
                })}
              </fieldset>
            )}
            <OrderSummary state={state} onRetry={retry} taxKnown={false} />
            <div className={styles.promo}>
              {promoCode && !refusedCoupon ? (
                <p>
                  Promo code <strong>{promoCode}</strong> applied.{' '}
                  <button type="button" className={styles.linkButton} onClick={() => setPromoCode(null)}>
                    Remove promo code
                  </button>
                </p>
              ) : (
                <>
                  {refusedCoupon && (
                    <p role="alert" className={styles.error}>
                      {refusedCoupon.message}{' '}
                      <button type="button" className={styles.linkButton} onClick={() => setPromoCode(null)}>
                        Remove promo code
                      </button>
                    </p>
                  )}
                  <Link href={journeyHref(base, 'promo-code', search)}>Have a promo code?</Link>
                </>
              )}
            </div>
            {subscribed ? (
              <div className={styles.subscribed} role="status">
                <p>
                  <strong>You already subscribe to {flow.brandName}.</strong> There is nothing more to buy: sign in to{' '}
                  {flow.brandName} with this e-mail address to read.
                </p>
              </div>
            ) : (
              <Link className={styles.continue} href={journeyHref(base, 'credit-card', search)}>
                Continue to payment
              </Link>
            )}
            <p>
              <Link href={journeyHref(base, '', search)}>Change your subscription</Link>
            </p>
            <section className={styles.exit} aria-labelledby="cart-exit-heading">
              <h2 id="cart-exit-heading">Already a subscriber?</h2>
              <p>
                <Link
                  href={signInHref(base, 'cart', search, 'magic-link')}
                  onClick={() => track(buildCartExitClick('magic-link', flow.campaignId))}
                >
                  Email me a sign-in link
                </Link>
                {' · '}
                <Link
                  href={signInHref(base, 'cart', search, 'sign-in')}
                  onClick={() => track(buildCartExitClick('sign-in', flow.campaignId))}
                >
                  Sign in
                </Link>
              </p>
            </section>
          </>
        )}
      </div>
    </>
  );
}
