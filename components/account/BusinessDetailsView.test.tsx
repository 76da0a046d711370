// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { BusinessDetailsView } from './BusinessDetailsView';

const acme = {
  companyName: 'Acme GmbH',
  vatNumber: 'DE123456789',
  country: 'DE',
  vatStatus: 'unverified' as const,
  exemptWhenVerified: false,
};
const bought = subscriptionSummaryFixture({ brandName: 'GQ', offerName: 'GQ Print', business: acme });

function view(api = createFakeApiClient(), subscription = bought) {
  render(
    <I18nProvider page={pageWordsFixture('de-DE')}>
      <ApiClientProvider client={api}>
        <BusinessDetailsView email="ada@example.com" livemode={false} brand={null} subscription={subscription} />
      </ApiClientProvider>
    </I18nProvider>,
  );
  return api;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Firmenangaben speichern' })));

describe('BusinessDetailsView', () => {
  it('refuses a VAT number of the wrong shape by its field, then saves the company for later invoices', async () => {
    const renamed = { ...acme, companyName: 'Acme Holding GmbH', vatNumber: 'DE987654321' };
    const api = view().answer('changeBusiness', { subscription: { ...bought, business: renamed } });
    expect(screen.getByTestId('business-country').textContent).toBe('Deutschland');
    expect(screen.getByTestId('business-vat-status').textContent).toContain('noch nicht geprüft');
    fill('Name des Unternehmens', 'Acme Holding GmbH');
    fill('USt-IdNr. (optional)', 'DE12');
    await save();
    expect(screen.getByText('Geben Sie eine gültige USt-IdNr. ein, zum Beispiel DE123456789.')).toBeTruthy();
    expect(api.callsOf('changeBusiness')).toEqual([]);
    fill('USt-IdNr. (optional)', 'de 987 654 321');
    await save();
    expect(api.callsOf('changeBusiness')).toEqual([[bought.id, { companyName: 'Acme Holding GmbH', vatNumber: 'DE987654321' }]]);
    expect(screen.getByTestId('business-saved').textContent).toBe('Gespeichert. Ihre nächsten Rechnungen nennen Acme Holding GmbH.');
  });

  it('says a verified business of another member state that its renewals are charged no VAT', () => {
    const austrian = {
      companyName: 'Acme GmbH',
      vatNumber: 'ATU12345678',
      country: 'AT',
      vatStatus: 'verified' as const,
      exemptWhenVerified: true,
    };
    view(createFakeApiClient(), subscriptionSummaryFixture({ business: austrian }));
    expect(screen.getByTestId('business-vat-status').textContent).toBe(
      'Ihre USt-IdNr. wurde von unserer Buchhaltung bestätigt: Verlängerungen werden ohne Mehrwertsteuer berechnet, die Ihr Unternehmen selbst abführt.',
    );
  });

  it('says a subscription bought privately names no company', () => {
    view(createFakeApiClient(), subscriptionSummaryFixture({ business: null }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Dieses Abonnement wurde nicht für eine Firma abgeschlossen: Seine Rechnungen nennen keine Firma.',
    );
  });
});
