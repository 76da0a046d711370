import { useState, type FormEvent } from 'react';
import Head from 'next/head';
import Link from 'next/link';
import { Loader } from '../ui/Loader';
import { OrderSummary } from './OrderSummary';
import { buildPromoCodeApply } from '@/lib/tracking/events';
import { track } from '@/lib/tracking/track';
import { pageContext } from '@/lib/tracking/useTrackOnce';
import type { StepProps } from './registry';
import { useCart } from '@/lib/cart/useCart';
import { fetchQuote } from '@/lib/checkout/quoteClient';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import { useQuote } from '@/lib/checkout/useQuote';
import { journeyHref } from '@/lib/journey/navigation';
import styles from './PromoCodeStep.module.css';

type Feedback = { kind: 'error' | 'applied'; message: string } | null;

/**
 * The promo-code step: the visitor applies a code and sees the new total; a code that
 * cannot be used is explained and leaves the total as it was; an applied code can be removed.
 */
export default function PromoCodeStep({ flow, base, search }: StepProps) {
  const { cart, promoCode, setPromoCode } = useCart(flow.campaignId);
  const [input, setInput] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [applying, setApplying] = useState(false);
  const plan = cart?.[0];
  const baseRequest = quoteRequestFor(flow, cart);
  const { state, retry } = useQuote(quoteRequestFor(flow, cart, { promoCode }));

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!baseRequest || applying) return;
    const code = input.trim();
    if (!code) {
      setFeedback({ kind: 'error', message: 'Enter a promo code.' });
      return;
    }
    setApplying(true);
    setFeedback(null);
    try {
      const result = await fetchQuote({ ...baseRequest, couponCode: code });
      if (result.coupon?.applied) {
        setPromoCode(result.coupon.code);
        track(buildPromoCodeApply({ ...pageContext(flow.campaignId), promoCode: result.coupon.code }));
        setInput('');
        setFeedback({ kind: 'applied', message: `Promo code ${result.coupon.code} applied.` });
      } else {
        setFeedback({ kind: 'error', message: result.coupon?.message ?? 'This promo code cannot be used.' });
      }
    } catch (error) {
      setFeedback({ kind: 'error', message: (error as Error).message });
    } finally {
      setApplying(false);
    }
  };

  const remove = () => {
    setPromoCode(null);
    setFeedback({ kind: 'applied', message: 'Promo code removed.' });
  };

  return (
    <>
      <Head>
        <title>{`Promo code | ${flow.brandName}`}</title>
      </Head>
      <div className={styles.step}>
        <h1>Promo code</h1>
        {cart === null && <Loader type="form-loading" label="Loading your cart…" />}
        {cart !== null && !plan && (
          <p>
            Your cart is empty. <Link href={journeyHref(base, '', search)}>Choose a subscription</Link> first.
          </p>
        )}
        {plan && (
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
                  aria-describedby={feedback ? 'promo-code-feedback' : undefined}
                />
                <button type="submit" className={styles.apply} disabled={applying} aria-busy={applying}>
                  {applying && <Loader type="submission-processing" size="small" label="Checking your promo code" />}
                  Apply
                </button>
              </div>
              {feedback && (
                <p
                  id="promo-code-feedback"
                  className={feedback.kind === 'error' ? styles.error : styles.applied}
                  role={feedback.kind === 'error' ? 'alert' : 'status'}
                >
                  {feedback.message}
                </p>
              )}
            </form>
            {promoCode && (
              <p>
                Applied: <strong>{promoCode}</strong>{' '}
                <button type="button" className={styles.linkButton} onClick={remove}>
                  Remove promo code
                </button>
              </p>
            )}
            <OrderSummary state={state} onRetry={retry} taxKnown={false} />
            <p>
              <Link href={journeyHref(base, 'cart', search)}>Back to your cart</Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}
