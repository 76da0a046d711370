// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';
import { DeliveryAddressView } from './DeliveryAddressView';

const print = subscriptionSummaryFixture({ isPrint: true, brandName: 'GQ', offerName: 'GQ Print', deliveryAddress: null });
const moved = { ...print, deliveryAddress: { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115' } };

function view(locale?: string, api = createFakeApiClient()) {
  const page = (
    <ApiClientProvider client={api}>
      <DeliveryAddressView email="ada@example.com" livemode={false} brand={null} subscription={print} />
    </ApiClientProvider>
  );
  render(locale ? <I18nProvider page={pageWordsFixture(locale)}>{page}</I18nProvider> : page);
  return api;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('DeliveryAddressView', () => {
  it('asks in German for what is missing, then saves the address trimmed and says where it goes', async () => {
    const api = view('de-DE').answer('changeDeliveryAddress', { subscription: moved });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lieferadresse ändern');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adresse speichern' })));
    expect(screen.getByText('Geben Sie Ihre Straße und Hausnummer ein.')).toBeTruthy();
    expect(api.callsOf('changeDeliveryAddress')).toEqual([]);
    fill('Straße und Hausnummer', ' Hauptstraße 1 ');
    fill('Ort', 'Berlin');
    fill('Postleitzahl', '10115');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adresse speichern' })));
    expect(api.callsOf('changeDeliveryAddress')).toEqual([[print.id, { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115' }]]);
    expect(screen.getByTestId('address-saved').textContent).toBe(
      'Gespeichert. Wir liefern an Hauptstraße 1, 10115 Berlin, und haben eine Bestätigung an ada@example.com gesendet.',
    );
    expect(screen.getByRole('link', { name: 'Zurück zu Ihren Abonnements' }).getAttribute('href')).toBe(
      '/account?livemode=false&lang=de-DE',
    );
  });

  it('says a refusal by its code in French, never in the server’s English', async () => {
    const api = createFakeApiClient();
    api.fail('changeDeliveryAddress', new ApiError({ status: 409, code: 'subscription_ended', message: 'This subscription has ended.' }));
    view('fr-FR', api);
    fill('Adresse', '1 rue de Rivoli');
    fill('Ville', 'Paris');
    fill('Code postal', '75001');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’adresse' })));
    expect(screen.getByRole('alert').textContent).toBe('Cet abonnement a pris fin\u00a0: plus rien ne sera livré.');
  });

  it('reads in English as before', async () => {
    view().answer('changeDeliveryAddress', {
      subscription: { ...moved, deliveryAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '12345' } },
    });
    expect(screen.getByText('Where GQ: GQ Print is delivered from the next issue on.')).toBeTruthy();
    fill('Street address', '1 Main St');
    fill('City', 'Springfield');
    fill('Postal code', '12345');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    expect(screen.getByTestId('address-saved').textContent).toBe(
      'Saved. We will deliver to 1 Main St, Springfield 12345, and sent a confirmation to ada@example.com.',
    );
  });
});
