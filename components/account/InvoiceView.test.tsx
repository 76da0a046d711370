// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoicePageProps } from '@/lib/account/accountView';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { InvoiceView } from './InvoiceView';

const props: InvoicePageProps = {
  email: 'ada@example.com',
  livemode: false,
  brand: null,
  invoice: {
    number: 'INV-TEST-2026-000001',
    transactionId: 'txn_1',
    date: 'November 26, 2026',
    brandName: 'Vogue',
    offerName: 'Vogue Digital',
    seller: null,
    billedTo: { name: 'Ada Reader', email: 'ada@example.com', country: 'United Kingdom', lines: ['United Kingdom'] },
    lines: [{ name: 'Vogue Digital', amount: '$25.00' }],
    discount: null,
    taxes: [{ label: 'Tax', amount: '$0.00' }],
    total: '$25.00',
    paymentMethod: 'Visa ending in 4242',
    livemode: false,
  },
};

/** An address block's lines, one element each. */
const linesOf = (testId: string) => Array.from(screen.getByTestId(testId).children).map((line) => line.textContent);

describe('InvoiceView', () => {
  it('names its seller with its address and tax number, and the buyer and where print went line by line', () => {
    render(
      <InvoiceView
        {...props}
        invoice={{
          ...props.invoice,
          seller: {
            name: 'Demo Magazines US Inc.',
            lines: ['1 World Trade Center', 'New York, NY 10007', 'United States'],
            taxNumber: 'EIN: 12-3456789',
          },
          billedTo: {
            ...props.invoice.billedTo,
            company: 'Acme Inc.',
            vatNumber: 'VAT number: GB123456789',
            lines: ['1 State St', 'Albany, NY 12207', 'United States'],
          },
          deliveredTo: ['1 Congress Ave', 'Austin, TX 78701', 'United States'],
        }}
      />,
    );
    expect(linesOf('invoice-page-seller')).toEqual([
      'Vogue',
      'Demo Magazines US Inc.',
      '1 World Trade Center',
      'New York, NY 10007',
      'United States',
      'EIN: 12-3456789',
    ]);
    expect(linesOf('invoice-page-billed-to')).toEqual([
      'Ada Reader',
      'Acme Inc.',
      '1 State St',
      'Albany, NY 12207',
      'United States',
      'VAT number: GB123456789',
      'ada@example.com',
    ]);
    expect(linesOf('invoice-page-delivered-to')).toEqual(['1 Congress Ave', 'Austin, TX 78701', 'United States']);
  });

  it('shows no refund while none was made', () => {
    render(<InvoiceView {...props} />);
    expect(screen.queryByTestId('invoice-page-refunded')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Credit notes' })).toBeNull();
  });

  it('shows what was refunded, and each credit note', () => {
    render(
      <InvoiceView
        {...props}
        invoice={{
          ...props.invoice,
          refunded: '$15.00',
          refunds: [
            { creditNoteNumber: 'CN-TEST-2026-000001', date: 'November 27, 2026', amount: '$10.00' },
            { creditNoteNumber: 'CN-TEST-2026-000002', date: 'November 28, 2026', amount: '$5.00' },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('invoice-page-refunded').textContent).toBe('$15.00');
    const notes = screen.getByRole('region', { name: 'Credit notes' });
    expect(notes.textContent).toContain('Credit note CN-TEST-2026-000001, November 27, 2026: $10.00 refunded to Visa ending in 4242');
    expect(notes.textContent).toContain('CN-TEST-2026-000002');
  });

  it("states the plan's price over time under the rows, and nothing where there is none", () => {
    const { unmount } = render(
      <InvoiceView {...props} invoice={{ ...props.invoice, priceTerms: 'Vogue Digital: First year $25, then $50 a year.' }} />,
    );
    expect(screen.getByTestId('invoice-page-price-terms').textContent).toBe('Vogue Digital: First year $25, then $50 a year.');
    unmount();
    render(<InvoiceView {...props} />);
    expect(screen.queryByTestId('invoice-page-price-terms')).toBeNull();
  });

  it('reads in German on a German reader’s page, and links back in German', () => {
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <InvoiceView
          {...props}
          invoice={{
            ...props.invoice,
            date: '26. November 2026',
            billedTo: { ...props.invoice.billedTo, country: 'Vereinigtes Königreich', lines: ['Vereinigtes Königreich'] },
            taxes: [{ label: 'MwSt.', amount: 'darin enthalten 4,17\u00a0€' }],
            total: '25,00\u00a0€',
            refunded: '10,00\u00a0€',
            refunds: [{ creditNoteNumber: 'GS-1', date: '27. November 2026', amount: '10,00\u00a0€' }],
          }}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rechnung INV-TEST-2026-000001 (Testmodus: keine echte Zahlung)');
    expect(linesOf('invoice-page-billed-to')).toEqual(['Ada Reader', 'Vereinigtes Königreich', 'ada@example.com']);
    expect(screen.getByText('Gezahlter Betrag').nextElementSibling?.textContent).toBe('25,00\u00a0€');
    expect(screen.getByRole('region', { name: 'Gutschriften' }).textContent).toContain(
      'Gutschrift GS-1, 27. November 2026: 10,00\u00a0€ erstattet auf Visa ending in 4242',
    );
    expect(screen.getByRole('link', { name: 'Zurück zu Ihren Abonnements' }).getAttribute('href')).toBe(
      '/account?livemode=false&lang=de-DE',
    );
  });

  it('reads in English as before', () => {
    render(<InvoiceView {...props} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invoice INV-TEST-2026-000001 (test mode: no real payment)');
    expect(screen.getByText('Total paid')).toBeTruthy();
  });
});
