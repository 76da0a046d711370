import Link from 'next/link';
import { Price } from '@/components/ui/Price';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { ContinueLink } from '@/components/ui/ContinueLink';
import { EmptyCart } from './EmptyCart';
import { OrderSummary } from './OrderSummary';
import type { StepViewProps } from './stepViewProps';
import { cartItemFor } from '@/lib/cart/cart';
import { cartItemsOf, MAX_ADD_ONS, withAddOn, withPromoCode } from '@/lib/cart/cartSelection';
import { useCart } from '@/lib/cart/useCart';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import { priceTermsOf } from '@/lib/pricing/introductoryPrice';
import { priceOverTime } from '@/lib/i18n/priceOverTime';
import { Msg, useWords } from '@/components/shell/I18n';
import { refusalOf } from '@/components/checkout/usePromoCode';
import { useQuote } from '@/lib/checkout/useQuote';
import { signInHref, stepHref } from '@/lib/journey/navigation';
import { buildCartExitClick, buildCartLoad } from '@/lib/tracking/orderEvents';
import { pageContext, useTrackOnce } from '@/lib/tracking/useTrackOnce';
import { track } from '@/lib/tracking/track';
import styles from './CartStep.module.css';

/**
 * The cart: one line per item (the plan with its price over time, then the chosen add-ons),
 * the total as the server prices it, the way on right after it (in view on a phone), then
 * the way to a promo code and the add-ons that go with the plan. The server renders it from
 * the cart cookie.
 */
export default function CartStep({ flow, base, search, mode, view }: StepViewProps<'cart'>) {
  const { order, notice, alreadySubscribed } = view;
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [selection, setSelection] = useCart(flow.campaignId, order?.selection ?? null);
  const { state, retry } = useQuote(api, quoteRequestFor(flow, selection, { livemode: mode.livemode, locale: words.locale }), {
    request: order?.quoteRequest ?? null,
    quote: order?.quote ?? null,
    error: order?.quoteError ?? null,
  });
  useTrackOnce(flow.campaignId, () => buildCartLoad(pageContext(flow.campaignId)));

  const title = <h1>{t('cart.title')}</h1>;
  if (!order || !selection) {
    return (
      <div className={styles.cart}>
        {title}
        <EmptyCart base={base} search={search} notice={notice} paidOrder={view.paidOrder} />
      </div>
    );
  }
  const items = cartItemsOf(order.plan, order.availableAddOns, selection, flow.campaignId);
  const refusal = refusalOf(state, words);
  const removePromoCode = () => setSelection(withPromoCode(selection, null));
  const planTerms = priceOverTime(words, priceTermsOf(order.plan));

  return (
    <div className={styles.cart}>
      {title}
      {/* One line per item, the plan with its price over time; the summary below adds them up without listing them again. */}
      <ul className={styles.items} aria-label={t('cart.items')}>
        {items.map((item, index) => (
          <li key={item.id} className={styles.item} data-cart-item={item.id}>
            <span className={styles.itemName}>
              {item.name}
              {index === 0 && (
                <span className={styles.itemTerms} data-testid="cart-item-terms">
                  {planTerms}
                </span>
              )}
            </span>
            <Price cents={item.price} currencyCode={item.currencyCode} />
          </li>
        ))}
      </ul>
      <OrderSummary
        state={state}
        onRetry={retry}
        taxNote={t(flow.pricesIncludeTax ? 'order.tax.includedInPrice' : 'order.tax.atPayment')}
        showLines={false}
        className={styles.summary}
      />
      {/* The way on comes right after the total, in view on a phone; extras and promo codes follow it. */}
      {alreadySubscribed ? (
        <div className={styles.subscribed} role="status">
          <p>
            <Msg id="cart.subscribed" values={{ brand: flow.brandName }} components={{ 0: <strong /> }} />
          </p>
        </div>
      ) : (
        <div className={styles.continueRow}>
          <ContinueLink href={stepHref(base, 'credit-card', search)}>{t('order.continue')}</ContinueLink>
        </div>
      )}
      <div className={styles.promo}>
        {selection.promoCode && !refusal ? (
          <p>
            <Msg id="promo.applied" values={{ code: selection.promoCode }} components={{ 0: <strong /> }} />{' '}
            <button type="button" className={styles.linkButton} onClick={removePromoCode}>
              {t('promo.remove')}
            </button>
          </p>
        ) : (
          <>
            {refusal && (
              <p role="alert" className={styles.error}>
                {refusal}{' '}
                <button type="button" className={styles.linkButton} onClick={removePromoCode}>
                  {t('promo.remove')}
                </button>
              </p>
            )}
            <Link href={stepHref(base, 'promo-code', search)}>{t('promo.haveCode')}</Link>
          </>
        )}
      </div>
      {order.availableAddOns.length > 0 && (
        <fieldset className={styles.addOns}>
          <legend>{t('cart.addOns')}</legend>
          {order.availableAddOns.map((offer) => {
            const item = cartItemFor(offer, flow.campaignId);
            const id = `add-on-${offer.id}`;
            return (
              <div key={offer.id} className={styles.addOn}>
                <input
                  id={id}
                  type="checkbox"
                  checked={selection.addOnIds.includes(offer.id)}
                  disabled={!selection.addOnIds.includes(offer.id) && selection.addOnIds.length >= MAX_ADD_ONS}
                  onChange={(event) => setSelection(withAddOn(selection, offer.id, event.target.checked))}
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
      <p>
        <Link href={stepHref(base, 'campaign', search)}>{t('cart.change')}</Link>
      </p>
      <section className={styles.exit} aria-labelledby="cart-exit-heading">
        <h2 id="cart-exit-heading">{t('cart.exit.heading')}</h2>
        <p>
          <Link
            href={signInHref(base, 'cart', search, 'magic-link')}
            onClick={() => track(buildCartExitClick('magic-link', flow.campaignId))}
          >
            {t('cart.exit.magicLink')}
          </Link>
          {' · '}
          <Link href={signInHref(base, 'cart', search, 'sign-in')} onClick={() => track(buildCartExitClick('sign-in', flow.campaignId))}>
            {t('cart.exit.signIn')}
          </Link>
        </p>
      </section>
    </div>
  );
}
