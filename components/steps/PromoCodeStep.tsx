import Link from 'next/link';
import { PromoCodeForm } from '@/components/checkout/PromoCodeForm';
import { usePromoCode } from '@/components/checkout/usePromoCode';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { useWords } from '@/components/shell/I18n';
import { ContinueLink } from '@/components/ui/ContinueLink';
import { EmptyCart } from './EmptyCart';
import { OrderSummary } from './OrderSummary';
import type { StepViewProps } from './stepViewProps';
import { useCart } from '@/lib/cart/useCart';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import { useQuote } from '@/lib/checkout/useQuote';
import { stepHref } from '@/lib/journey/navigation';
import styles from './PromoCodeStep.module.css';

/**
 * The promo-code step: the visitor applies a code and sees the new total; a code that
 * cannot be used is explained and leaves the total as it was; an applied code can be
 * removed, and the way on to payment is right there.
 */
export default function PromoCodeStep({ flow, base, search, mode, view }: StepViewProps<'promo-code'>) {
  const { order, notice } = view;
  const api = useApiClient();
  const { t, locale } = useWords();
  const [selection, setSelection] = useCart(flow.campaignId, order?.selection ?? null);
  const { state, retry } = useQuote(api, quoteRequestFor(flow, selection, { livemode: mode.livemode, locale }), {
    request: order?.quoteRequest ?? null,
    quote: order?.quote ?? null,
    error: order?.quoteError ?? null,
  });
  const promo = usePromoCode({ flow, livemode: mode.livemode, selection, setSelection, quote: state });

  return (
    <div className={styles.step}>
      <h1>{t('promo.title')}</h1>
      {!order || !selection ? (
        <EmptyCart base={base} search={search} notice={notice} paidOrder={view.paidOrder} />
      ) : (
        <>
          <PromoCodeForm promo={promo} />
          <OrderSummary
            state={state}
            onRetry={retry}
            taxNote={t(flow.pricesIncludeTax ? 'order.tax.includedInPrice' : 'order.tax.atPayment')}
          />
          <ContinueLink href={stepHref(base, 'credit-card', search)}>{t('order.continue')}</ContinueLink>
          <p>
            <Link href={stepHref(base, 'cart', search)}>{t('promo.back')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
