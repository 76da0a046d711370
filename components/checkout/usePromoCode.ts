import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { useWords } from '@/components/shell/I18n';
import type { Words } from '@/lib/i18n/words';
import { couponRefusalMessage } from '@/lib/catalogue/couponCheck';
import { isApiError } from '@/lib/api/apiErrors';
import { quoteFailureText } from '@/lib/checkout/quoteFailure';
import { withPromoCode, type CartSelection } from '@/lib/cart/cartSelection';
import type { CheckoutFlow } from '@/lib/catalogue/types';
import { quoteRequestFor } from '@/lib/checkout/quoteRequestFor';
import type { QuoteState } from '@/lib/checkout/useQuote';
import { buildPromoCodeApply } from '@/lib/tracking/orderEvents';
import { track } from '@/lib/tracking/track';
import { pageContext } from '@/lib/tracking/useTrackOnce';

export type PromoFeedback = { kind: 'error' | 'removed'; message: string } | null;

interface PromoCodeInput {
  flow: CheckoutFlow;
  livemode: boolean;
  selection: CartSelection | null;
  setSelection: (next: CartSelection | null) => void;
  /** The order's quote as the step shows it: a saved code the server refuses is said from it. */
  quote: QuoteState;
  /** Check the code with the buyer's location, as the step prices the order (the payment step). */
  withLocation?: boolean;
}

/** A code typed, checked and applied or explained; what a promo field renders and calls. */
export interface PromoCodeModel {
  input: string;
  setInput: (value: string) => void;
  applying: boolean;
  feedback: PromoFeedback;
  /** The code the cart holds, whether or not the server still takes it. */
  appliedCode: string | null;
  /** Why a saved code the server no longer takes (expired meanwhile) is refused; it is never shown as applied. */
  refusal: string | null;
  /** The applied code takes nothing off today's total (a free trial). */
  nothingOff: boolean;
  apply: (event: FormEvent) => Promise<void>;
  remove: () => void;
  /** The message that takes focus once it appears, so a screen-reader or keyboard user lands on it. */
  resultRef: RefObject<HTMLParagraphElement | null>;
}

/** The words of a saved code the server refused, from its code and reason (never the server's sentence). */
export function refusalOf(quote: QuoteState, words: Words): string | null {
  if (quote.status !== 'ready' || quote.quote.coupon?.applied !== false) return null;
  const { code, reason } = quote.quote.coupon;
  return words.say(couponRefusalMessage(code, reason, quote.quote.quote.currencyCode));
}

/**
 * How a promo code is applied, on the promo-code step and in the payment step's summary
 * alike: the server checks the code with the order, an applied code goes into the cart
 * (cookie) and sends the promo-code event; a refused one is explained and changes nothing.
 */
export function usePromoCode({ flow, livemode, selection, setSelection, quote, withLocation = false }: PromoCodeInput): PromoCodeModel {
  const api = useApiClient();
  const words = useWords();
  const [input, setInput] = useState('');
  const [feedback, setFeedback] = useState<PromoFeedback>(null);
  const [applying, setApplying] = useState(false);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const [announced, setAnnounced] = useState(0);
  // A layout effect: focus moves in the same frame the message appears.
  useLayoutEffect(() => {
    if (announced > 0) resultRef.current?.focus();
  }, [announced]);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!selection || applying) return;
    const code = input.trim();
    if (!code) {
      setFeedback({ kind: 'error', message: words.t('promo.enter') });
      setAnnounced((n) => n + 1);
      return;
    }
    setApplying(true);
    setFeedback(null);
    try {
      const answer = await api.quote(quoteRequestFor(flow, selection, { couponCode: code, livemode, withLocation, locale: words.locale })!);
      if (answer.coupon?.applied) {
        setSelection(withPromoCode(selection, answer.coupon.code));
        track(buildPromoCodeApply({ ...pageContext(flow.campaignId), promoCode: answer.coupon.code }));
        setInput('');
      } else {
        const refused = answer.coupon;
        setFeedback({
          kind: 'error',
          message: refused
            ? words.say(couponRefusalMessage(refused.code, refused.reason, answer.quote.currencyCode))
            : words.t('promo.cannotUse'),
        });
      }
    } catch (error) {
      const failure = error as Error;
      setFeedback({
        kind: 'error',
        message: quoteFailureText(words, { message: failure.message, ...(isApiError(failure) ? { code: failure.code } : {}) }),
      });
    } finally {
      setApplying(false);
      setAnnounced((n) => n + 1);
    }
  };

  const remove = () => {
    if (!selection) return;
    setSelection(withPromoCode(selection, null));
    setFeedback({ kind: 'removed', message: words.t('promo.removed') });
    setAnnounced((n) => n + 1);
  };

  return {
    input,
    setInput,
    applying,
    feedback,
    appliedCode: selection?.promoCode ?? null,
    refusal: refusalOf(quote, words),
    nothingOff: quote.status === 'ready' && quote.quote.quote.discount === 0,
    apply,
    remove,
    resultRef,
  };
}
