// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import type { QuoteState } from '@/lib/checkout/useQuote';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { buildQuote } from '@/lib/pricing/quote';
import type { TaxRate } from '@/lib/pricing/tax';
import { CheckoutSummary } from '@/components/checkout/CheckoutSummary';
import { I18nProvider } from '@/components/shell/I18n';
import { OrderSummary } from './OrderSummary';
import { QUEBEC_TAX } from '@/tests/fixtures/taxRates';

const plan = {
  id: '4101',
  name: 'GQ Digital',
  totalAmount: 5000,
  discountedAmount: 2500,
  trialOffer: false,
  billingInterval: 'year' as const,
};

function ready(currencyCode: CurrencyCode, taxRate: TaxRate, code: string | null = null): QuoteState {
  const quote = buildQuote({ currencyCode, items: [plan], coupon: code ? { percent_off: 20 } : null, taxRate });
  const coupon = code ? { code, applied: true as const } : null;
  return { status: 'ready', quote: { campaignId: 'c', offerId: plan.id, quote, coupon, autoRenewalConsentRequired: false } };
}

function renderIn(locale: string, state: QuoteState, taxNote: string | null = null) {
  render(
    <I18nProvider page={pageWordsFixture(locale)}>
      <CheckoutSummary quote={state}>
        <OrderSummary state={state} onRetry={vi.fn()} taxNote={taxNote} />
      </CheckoutSummary>
    </I18nProvider>,
  );
}

const rowsOf = (testId: string) => screen.getAllByTestId(testId).map((row) => row.textContent);

describe('the order summary in the campaign’s language', () => {
  it('says German VAT, included, with its rate and amounts written the German way', () => {
    renderIn('de-DE', ready('EUR', { rate: 0.19, inclusive: true, components: [{ kind: 'vat', rate: 0.19 }] }, 'SAVE20'));
    expect(screen.getByRole('heading', { name: 'Bestellübersicht' })).toBeTruthy();
    expect(rowsOf('summary-line')).toEqual(['GQ DigitalErstes Jahr 25\u00a0€, danach 50\u00a0€ pro Jahr25,00\u00a0€']);
    expect(rowsOf('summary-discount')).toEqual(['Rabatt (SAVE20)−5,00\u00a0€']);
    expect(rowsOf('summary-tax')).toEqual(['MwSt. (19\u00a0%)darin enthalten 3,19\u00a0€']);
    expect(rowsOf('summary-total')).toEqual(['Heute zu zahlen20,00\u00a0€']);
    expect(screen.getByTestId('summary-toggle').textContent).toBe('BestellübersichtHeute zu zahlen 20,00\u00a0€');
  });

  it("says Quebec's taxes as a French Canadian reader expects", () => {
    renderIn('fr-CA', ready('CAD', QUEBEC_TAX));
    expect(rowsOf('summary-tax')).toEqual(['TPS (5\u00a0%)1,25\u00a0$', 'TVQ (9,975\u00a0%)2,49\u00a0$']);
    expect(screen.getByTestId('summary-toggle').textContent).toBe('Récapitulatif de la commandeTotal aujourd’hui\u00a0: 28,74\u00a0$');
  });

  it('says in German that tax waits for the location', () => {
    renderIn(
      'de-DE',
      ready('EUR', { rate: 0.19, inclusive: true, components: [{ kind: 'vat', rate: 0.19 }] }),
      'Wird bei der Zahlung berechnet',
    );
    expect(rowsOf('summary-tax')).toEqual(['SteuerWird bei der Zahlung berechnet']);
  });
});
