// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { change, renderPaymentStep, SANDBOX_CARD, setUpPaymentStepTests } from '@/tests/fixtures/creditCardStep';
import { api } from '@/tests/fixtures/stepTests';
import { ApiError } from '@/lib/api/apiErrors';
import { flowOf, orderViewFor, selectionOf, TEST_NOW } from '@/tests/fixtures/journeyViews';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { snapshot } from '@/tests/fixtures/stepTests';
import { consentText } from '@/lib/server/checkout/submit/record';

vi.mock('next/router', () => import('@/tests/fixtures/paymentStepRouter'));

setUpPaymentStepTests();

/** The payment step of a campaign in its own language, for a buyer in its market. */
const renderIn = (path: string, offerId: string, country: string, locale: string) =>
  renderPaymentStep([SANDBOX_CARD], { path, selection: selectionOf(offerId, { country }), words: pageWordsFixture(locale) });

describe('the payment step in the campaign’s locale', () => {
  it('speaks German, with the order button German law asks for and the VAT in the renewal terms', () => {
    renderIn('gq/demo-de', '4101', 'DE', 'de-DE');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Zahlung');
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeTruthy();
    const country = screen.getByLabelText('Land') as HTMLSelectElement;
    expect(country.selectedOptions[0]?.textContent).toBe('Deutschland');
    expect(screen.getByLabelText('E-Mail')).toBeTruthy();
    expect(screen.getByText('Rechnungsdaten')).toBeTruthy();
    const terms = screen.getByTestId('auto-renewal-terms');
    expect(terms.textContent).toContain(
      'Heute zahlen Sie 25,00\u00a0€ (inkl. MwSt.). Ihr Abonnement verlängert sich dann automatisch am 21. November 2027 und danach jedes Jahr zu 50,00\u00a0€ (inkl. MwSt.), belastet über diese Zahlungsart, bis Sie kündigen.',
    );
    // Germany is a renewal mandate (data/mandates.json): the box to agree, in German.
    expect(within(terms).getByLabelText('Ich stimme den oben genannten Bedingungen der automatischen Verlängerung zu.')).toBeTruthy();
    expect(screen.getByText('Senden Sie mir den Newsletter von GQ.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zum Warenkorb' })).toBeTruthy();
  });

  it('keeps as the consent, word for word, the German terms the page showed', () => {
    renderIn('gq/demo-de', '4101', 'DE', 'de-DE');
    const shown = [...screen.getByTestId('auto-renewal-terms').querySelectorAll(':scope > p')].map((line) => line.textContent).join(' ');
    const order = orderViewFor(snapshot, 'gq/demo-de', selectionOf('4101', { country: 'DE' }), { withLocation: true, livemode: false })!;
    const stored = consentText(flowOf(snapshot, 'gq/demo-de'), order.plan, order.quote!.quote, TEST_NOW);
    expect(stored).toContain('inkl. MwSt.');
    expect(stored).toBe(shown);
  });

  it('says what is missing in German', async () => {
    renderIn('gq/demo-de', '4101', 'DE', 'de-DE');
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(screen.getByText('Geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy());
    expect(screen.getByText('Geben Sie Ihren Vornamen ein.')).toBeTruthy();
    expect(screen.getByText('Bitte setzen Sie das Häkchen, um den Bedingungen der automatischen Verlängerung zuzustimmen.')).toBeTruthy();
  });

  it('says in German that the answer was lost, and that a provider is down: never the API client’s English', async () => {
    renderIn('gq/demo-de', '4101', 'DE', 'de-DE');
    api
      .fail('submit', new ApiError({ status: 0, message: 'We could not reach our server. Please check your connection and try again.' }))
      .fail(
        'submit',
        new ApiError({ status: 503, code: 'payment_provider_unavailable', message: 'Card payments are unavailable right now.' }),
      );
    change('E-Mail', 'ada@example.com');
    change('Vorname', 'Ada');
    change('Nachname', 'Leserin');
    change('Kartennummer', '4242 4242 4242 4242');
    change('Gültig bis', '12/30');
    change('Prüfnummer (CVC)', '123');
    fireEvent.click(screen.getByLabelText('Ich stimme den oben genannten Bedingungen der automatischen Verlängerung zu.'));
    const order = () => screen.getByRole('button', { name: /Zahlungspflichtig bestellen/ });
    fireEvent.click(order());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Wir konnten unseren Server nicht erreichen. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut: Ihre Zahlung wird nicht doppelt abgebucht.',
      ),
    );
    await waitFor(() => expect(order().getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(order());
    await waitFor(() =>
      expect(within(screen.getByTestId('provider-outage')).getByRole('alert').textContent).toBe(
        'Kartenzahlungen sind gerade nicht möglich. Es wurde nichts berechnet. Versuchen Sie es in ein paar Minuten erneut.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('speaks French, with French money and TVA in the terms', () => {
    renderIn('vogue/demo-fr', '1101', 'FR', 'fr-FR');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Paiement');
    expect(screen.getByRole('button', { name: /^S’abonner pour [\d\u202f\u00a0]+,\d\d\u00a0€$/ })).toBeTruthy();
    expect((screen.getByLabelText('Pays') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('France');
    expect(screen.getByTestId('auto-renewal-terms').textContent).toMatch(/au prix de [\d\u202f\u00a0]+,\d\d\u00a0€ TVA incluse, débité/);
  });
});
