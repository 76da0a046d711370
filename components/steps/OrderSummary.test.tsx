// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QuoteState } from '@/lib/checkout/useQuote';
import { buildQuote } from '@/lib/pricing/quote';
import { NO_TAX, type TaxRate } from '@/lib/pricing/tax';
import { OrderSummary } from './OrderSummary';
import { QUEBEC_TAX } from '@/tests/fixtures/taxRates';

const plan = {
  id: '2002',
  name: 'Print + Digital',
  totalAmount: 20000,
  discountedAmount: 14900,
  trialOffer: false,
  billingInterval: 'year' as const,
};
const tote = { id: '2101', name: 'Tote', totalAmount: 2500, discountedAmount: null, trialOffer: false };

function ready(items: Parameters<typeof buildQuote>[0]['items'], taxRate: TaxRate = NO_TAX): QuoteState {
  const quote = buildQuote({ currencyCode: 'USD', items, coupon: null, taxRate });
  return { status: 'ready', quote: { campaignId: 'c', offerId: items[0]!.id, quote, coupon: null, autoRenewalConsentRequired: false } };
}

describe('OrderSummary', () => {
  it("says the plan's price over time on its line, and nothing of the kind on a line bought once", () => {
    render(<OrderSummary state={ready([plan, tote])} onRetry={vi.fn()} taxNote={null} />);
    const lines = screen.getAllByTestId('summary-line');
    expect(lines.map((line) => line.textContent)).toEqual(['Print + DigitalFirst year $149, then $200 a year$149.00', 'Tote$25.00']);
    expect(screen.getByTestId('summary-total').textContent).toBe('Total today$174.00');
  });

  it('words a trial on its line', () => {
    const trial = {
      id: '3001',
      name: 'WIRED',
      totalAmount: 2999,
      discountedAmount: null,
      trialOffer: true,
      trialDays: 30,
      billingInterval: 'year' as const,
    };
    render(<OrderSummary state={ready([trial])} onRetry={vi.fn()} taxNote={null} />);
    expect(screen.getByTestId('summary-terms').textContent).toBe('Free for 30 days, then $29.99 a year');
  });

  it('shows a line without terms as it is (orders kept before the terms were carried)', () => {
    render(<OrderSummary state={ready([tote])} onRetry={vi.fn()} taxNote={null} />);
    expect(screen.queryByTestId('summary-terms')).toBeNull();
    expect(screen.getByTestId('summary-line').textContent).toBe('Tote$25.00');
  });

  it("shows Quebec's GST and QST on a row each, with their rates, and adds both", () => {
    render(<OrderSummary state={ready([plan], QUEBEC_TAX)} onRetry={vi.fn()} taxNote={null} />);
    expect(screen.getAllByTestId('summary-tax').map((row) => row.textContent)).toEqual(['GST (5%)$7.45', 'QST (9.975%)$14.86']);
    expect(screen.getByTestId('summary-total').textContent).toBe('Total today$171.31');
  });

  it('shows one VAT row, included, and one "Tax" row while the location is not known', () => {
    const vat: TaxRate = { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] };
    const { unmount } = render(<OrderSummary state={ready([plan], vat)} onRetry={vi.fn()} taxNote={null} />);
    expect(screen.getAllByTestId('summary-tax').map((row) => row.textContent)).toEqual(['VAT (20%)$24.83 included']);
    unmount();
    render(<OrderSummary state={ready([plan], vat)} onRetry={vi.fn()} taxNote="Calculated at payment" />);
    expect(screen.getAllByTestId('summary-tax').map((row) => row.textContent)).toEqual(['TaxCalculated at payment']);
  });

  it('adds no tax on top to the total while the location that decides it is not known', () => {
    const { unmount } = render(
      <OrderSummary state={ready([plan], QUEBEC_TAX)} onRetry={vi.fn()} taxNote="Worked out once you choose the delivery province" />,
    );
    expect(screen.getByTestId('summary-total').textContent).toBe('Total today$149.00');
    unmount();
    const vat: TaxRate = { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] };
    render(<OrderSummary state={ready([plan], vat)} onRetry={vi.fn()} taxNote="Calculated at payment" />);
    expect(screen.getByTestId('summary-total').textContent).toBe('Total today$149.00');
  });

  it('leaves the lines out where the step lists them itself, and still adds them up', () => {
    render(<OrderSummary state={ready([plan])} onRetry={vi.fn()} taxNote="Calculated at payment" showLines={false} className="tight" />);
    expect(screen.queryAllByTestId('summary-line')).toEqual([]);
    expect(screen.getByTestId('summary-total').textContent).toBe('Total today$149.00');
    expect(screen.getByRole('region', { name: 'Order summary' }).className).toContain('tight');
  });
});
