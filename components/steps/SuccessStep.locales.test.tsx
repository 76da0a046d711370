// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stepPage } from '@/tests/fixtures/journeyViews';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import { ORDERED_OFFERS, transactionFixture } from '@/tests/fixtures/transactions';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import type { TransactionView } from '@/lib/checkout/transactionView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import SuccessStep from './SuccessStep';

setUpStepTests();

/** A print order paid in euros, with a promo code, delivered to Berlin. */
function euroOrder(overrides: Partial<TransactionView> = {}): TransactionView {
  const order = transactionFixture(ORDERED_OFFERS.newYorkerPrint, 14900);
  return {
    ...order,
    invoice: {
      ...order.invoice,
      currencyCode: 'EUR',
      summaryTotal: { total: 14900, discount: { amount: 1000, promoCode: 'SOMMER' } },
    },
    customer: { ...order.customer, deliveryAddress: { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' } },
    ...overrides,
  };
}

function renderIn(locale: string, path: string, transaction: TransactionView | null, signedIn = false) {
  const page = stepPage(snapshot, path, 'success', { transaction, signedIn, trackingSessionId: null, billedTo: null, readingUrl: null });
  return render(
    <I18nProvider page={pageWordsFixture(locale)}>
      <ApiClientProvider client={api}>
        <SuccessStep {...page} />
      </ApiClientProvider>
    </I18nProvider>,
  );
}

describe('the success page in the campaign’s locale', () => {
  it('thanks the buyer in German, with German dates, euros and the sentence worded for the offer', () => {
    renderIn('de-DE', 'gq/demo-de', euroOrder());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vielen Dank, Ada!');
    expect(screen.getByText(/Wir haben eine Bestätigung an/).textContent).toBe(
      'Ihr Abonnement für GQ Print + Digital ist aktiv. Wir haben eine Bestätigung an ada@example.com gesendet.',
    );
    expect(screen.getByTestId('first-issue').textContent).toBe(
      'Ihre erste gedruckte Ausgabe wird bis zum 12. Dezember 2026 an Hauptstraße 1, 10115 Berlin, Deutschland geliefert.',
    );
    expect(screen.getByTestId('invoice-total').textContent).toBe('Gesamt bezahlt149,00\u00a0€');
    expect(screen.getByTestId('invoice-discount').textContent).toBe('Rabatt (SOMMER)−10,00\u00a0€');
    expect(screen.getByTestId('invoice-renewal').previousElementSibling?.textContent).toBe('Verlängert sich am');
    expect(screen.getByTestId('invoice-renewal').textContent).toBe('21. November 2027, 200,00\u00a0€');
    expect(screen.getByTestId('success-account-link').textContent).toBe('Ihrem Konto');
    expect(screen.getByRole('button', { name: 'Rechnung drucken' })).toBeTruthy();
  });

  it('says a trial has started in French, and how to sign in', () => {
    renderIn('fr-FR', 'vogue/demo-fr', transactionFixture({ ...ORDERED_OFFERS.wiredTrial, name: 'Vogue Free Trial' }, 0));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Merci, Ada\u00a0!');
    expect(screen.getByText(/Votre période d’essai gratuite de 30 jours pour Vogue a commencé\./)).toBeTruthy();
    expect(screen.getByTestId('invoice-renewal').previousElementSibling?.textContent).toBe('Premier prélèvement');
    expect(screen.getByTestId('invoice-renewal').textContent).toMatch(/^21 décembre 2026, /);
    expect(screen.getByRole('link', { name: 'Recevoir un lien de connexion par e-mail' })).toBeTruthy();
  });

  it('says in German that a payment is not complete, or that the order cannot be shown', () => {
    renderIn('de-DE', 'gq/demo-de', euroOrder({ status: 'failed' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ihre Zahlung ist nicht abgeschlossen');
    expect(screen.getByText('Die Zahlung ist nicht durchgegangen, es wurde nichts berechnet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Zahlung' })).toBeTruthy();
  });
});
