import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { Loader } from '@/components/ui/Loader';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { ContinueLink } from '@/components/ui/ContinueLink';
import { EmptyCart } from './EmptyCart';
import { OrderSummary } from './OrderSummary';
import type { StepViewProps } from './stepViewProps';
import { buildPromoCodeApply } from '@/lib/tracking/events';
import { track } from '@/lib/tracking/track';
import { pageContext } from '@/lib/tracking/useTrackOnce';
import { withPromoCode } from '@/lib/cart/cartSelection';
import { useCart } from '@/lib/cart/useCart';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import { useQuote } from '@/lib/checkout/useQuote';
import { stepHref } from '@/lib/journey/navigation';
import styles from './PromoCodeStep.module.css';
import { DocumentTitle } from '@/components/shell/DocumentTitle';

type Feedback = { kind: 'error' | 'removed'; message: string } | null;

/**
 * The promo-code step: the visitor applies a code and sees the new total; a code that
 * cannot be used is explained and leaves the total as it was; an applied code can be
 * removed, and the way on to payment is right there.
 */
export default function PromoCodeStep({ flow, base, search, mode, view }: StepViewProps<'promo-code'>) {
  const { order, notice } = view;
  const api = useApiClient();
  const [selection, setSelection] = useCart(flow.campaignId, order?.selection ?? null);
  const [input, setInput] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [applying, setApplying] = useState(false);
  const { state, retry } = useQuote(api, quoteRequestFor(flow, selection), {
    request: order?.quoteRequest ?? null,
    quote: order?.quote ?? null,
    error: order?.quoteError ?? null,
  });
  // A saved code the server no longer takes (expired meanwhile) is said, never shown as applied.
  const refusedCoupon = state.status === 'ready' && state.quote.coupon && !state.quote.coupon.applied ? state.quote.coupon : null;
  // Focus follows the result, so that a screen-reader or keyboard user lands on it.
  const result = useRef<HTMLParagraphElement>(null);
  const [announced, setAnnounced] = useState(0);
  // A layout effect: focus moves in the same frame the message appears.
  useLayoutEffect(() => {
    if (announced > 0) result.current?.focus();
  }, [announced]);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!selection || applying) return;
    const code = input.trim();
    if (!code) {
      setFeedback({ kind: 'error', message: 'Enter a promo code.' });
      setAnnounced((n) => n + 1);
      return;
    }
    setApplying(true);
    setFeedback(null);
    try {
      const answer = await api.quote(quoteRequestFor(flow, selection, { couponCode: code, livemode: mode.livemode })!);
      if (answer.coupon?.applied) {
        setSelection(withPromoCode(selection, answer.coupon.code));
        track(buildPromoCodeApply({ ...pageContext(flow.campaignId), promoCode: answer.coupon.code }));
        setInput('');
      } else {
        setFeedback({ kind: 'error', message: answer.coupon?.message ?? 'This promo code cannot be used.' });
      }
    } catch (error) {
      setFeedback({ kind: 'error', message: (error as Error).message });
    } finally {
      setApplying(false);
      setAnnounced((n) => n + 1);
    }
  };

  const remove = () => {
    if (!selection) return;
    setSelection(withPromoCode(selection, null));
    setFeedback({ kind: 'removed', message: 'Promo code removed.' });
    setAnnounced((n) => n + 1);
  };

  return (
    <div className={styles.step}>
      <DocumentTitle title={`Promo code | ${flow.brandName}`} />
      <h1>Promo code</h1>
      {!order || !selection ? (
        <EmptyCart base={base} search={search} notice={notice} paidOrder={view.paidOrder} />
      ) : (
        <>
          <form className={styles.form} onSubmit={apply} noValidate>
            <label htmlFor="promo-code">Promo code</label>
            <div className={styles.controls}>
              <input
                id="promo-code"
                name="promoCode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={32}
                value={input}
                onChange={(event) => setInput(event.target.value)}
                aria-invalid={feedback?.kind === 'error'}
                aria-describedby={feedback?.kind === 'error' ? 'promo-code-feedback' : undefined}
              />
              <button type="submit" className={styles.apply} disabled={applying} aria-busy={applying}>
                {applying && <Loader type="submission-processing" size="small" label="Checking your promo code" />}
                Apply
              </button>
            </div>
          </form>
          {/* One message at a time: the code applied (with its removal), or what went wrong. */}
          {refusedCoupon && feedback?.kind !== 'error' ? (
            <p id="promo-code-feedback" className={`${styles.result} ${styles.error}`} role="alert">
              {refusedCoupon.message}{' '}
              <button type="button" className={styles.linkButton} onClick={remove}>
                Remove promo code
              </button>
            </p>
          ) : selection.promoCode && feedback?.kind !== 'error' ? (
            <p id="promo-code-feedback" ref={result} tabIndex={-1} className={`${styles.result} ${styles.applied}`} role="status">
              Promo code <strong>{selection.promoCode}</strong> applied.
              {/* A code on a free trial is valid but has nothing to take off today: say so rather than seem to do nothing. */}
              {state.status === 'ready' && state.quote.quote.discount === 0 ? ' There is nothing to take off today’s total.' : ''}{' '}
              <button type="button" className={styles.linkButton} onClick={remove}>
                Remove promo code
              </button>
            </p>
          ) : (
            feedback && (
              <p
                id="promo-code-feedback"
                ref={result}
                tabIndex={-1}
                className={`${styles.result} ${feedback.kind === 'error' ? styles.error : styles.applied}`}
                role={feedback.kind === 'error' ? 'alert' : 'status'}
              >
                {feedback.message}
              </p>
            )
          )}
          <OrderSummary state={state} onRetry={retry} taxNote="Calculated at payment" />
          <ContinueLink href={stepHref(base, 'credit-card', search)}>Continue to payment</ContinueLink>
          <p>
            <Link href={stepHref(base, 'cart', search)}>Back to your cart</Link>
          </p>
        </>
      )}
    </div>
  );
}
