// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDERED_OFFERS, transactionFixture } from '@/tests/fixtures/transactions';
import type { TransactionView } from '@/lib/checkout/transactionView';
import { InvoicePriceTerms } from './InvoicePriceTerms';

function renderTerms(transaction: TransactionView) {
  const { container } = render(
    <InvoicePriceTerms offer={transaction.offer} lines={transaction.invoice.lines} currencyCode={transaction.invoice.currencyCode} />,
  );
  return container.querySelector('[data-testid="invoice-price-terms"]')?.textContent ?? null;
}

describe('InvoicePriceTerms', () => {
  it('states the introductory price against the renewal price on the invoice', () => {
    expect(renderTerms(transactionFixture(ORDERED_OFFERS.vogueDigital, 2500))).toBe('Vogue Digital: First year $25, then $50 a year.');
    expect(renderTerms(transactionFixture(ORDERED_OFFERS.newYorkerPrint, 14900))).toBe(
      'Print + Digital: First year $149, then $200 a year.',
    );
  });

  it('states a trial by its length and later price', () => {
    expect(renderTerms(transactionFixture(ORDERED_OFFERS.wiredTrial, 0))).toBe('WIRED Free Trial: Free for 30 days, then $29.99 a year.');
  });

  it('states a plan without an introductory price by its price', () => {
    expect(renderTerms(transactionFixture(ORDERED_OFFERS.vogueDigital, 5000))).toBe('Vogue Digital: $50 a year.');
  });

  it('prefers the terms the order kept on its line', () => {
    const kept = transactionFixture(ORDERED_OFFERS.vogueDigital, 2500);
    kept.invoice.lines = [
      {
        ...kept.invoice.lines[0]!,
        terms: { currencyCode: 'USD', billingInterval: 'month', firstAmount: 100, renewalAmount: 1000, trialOffer: false, trialDays: null },
      },
    ];
    expect(renderTerms(kept)).toBe('Vogue Digital: First month $1, then $10 a month.');
  });
});
