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

const bonn = { line1: 'Alte Straße 2', city: 'Bonn', postalCode: '53111', country: 'DE' };
const austin = { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX' };
const print = subscriptionSummaryFixture({ isPrint: true, brandName: 'GQ', offerName: 'GQ Print', deliveryAddress: bonn });
const moved = { ...print, deliveryAddress: { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' } };

function view(locale?: string, api = createFakeApiClient(), subscription = print) {
  const page = (
    <ApiClientProvider client={api}>
      <DeliveryAddressView email="ada@example.com" livemode={false} brand={null} subscription={subscription} />
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
    expect(screen.getByTestId('address-country').textContent).toContain('Deutschland');
    fill('Straße und Hausnummer', '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adresse speichern' })));
    expect(screen.getByText('Geben Sie Ihre Straße und Hausnummer ein.')).toBeTruthy();
    expect(api.callsOf('changeDeliveryAddress')).toEqual([]);
    fill('Straße und Hausnummer', ' Hauptstraße 1 ');
    fill('Ort', 'Berlin');
    fill('Postleitzahl', '10115');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adresse speichern' })));
    expect(api.callsOf('changeDeliveryAddress')).toEqual([
      [print.id, { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' }],
    ]);
    expect(screen.getByTestId('address-saved').textContent).toBe(
      'Gespeichert. Wir liefern an Hauptstraße 1, 10115 Berlin, Deutschland und haben eine Bestätigung an ada@example.com gesendet.',
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

  it('moves a US subscription to another state, its postal code checked as a ZIP code', async () => {
    const newYork = { line1: '4 Times Sq', city: 'New York', postalCode: '10036', country: 'US', region: 'NY' };
    const api = view(undefined, createFakeApiClient(), { ...print, deliveryAddress: austin }).answer('changeDeliveryAddress', {
      subscription: { ...print, deliveryAddress: newYork },
    });
    expect(screen.getByTestId('address-country').textContent).toContain('United States');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('TX');
    fill('State', 'NY');
    fill('Address', '4 Times Sq');
    fill('City', 'New York');
    fill('ZIP code', 'ABC');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    expect(screen.getByText('Enter a valid ZIP code, such as 95014.')).toBeTruthy();
    expect(api.callsOf('changeDeliveryAddress')).toEqual([]);
    fill('ZIP code', '10036');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    expect(api.callsOf('changeDeliveryAddress')).toEqual([[print.id, newYork]]);
    expect(screen.getByTestId('address-saved').textContent).toBe(
      'Saved. We will deliver to 4 Times Sq, New York, NY 10036, United States, and sent a confirmation to ada@example.com.',
    );
  });

  it('asks for a state where the country has them', async () => {
    const api = view(undefined, createFakeApiClient(), { ...print, deliveryAddress: austin });
    fill('State', '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    expect(screen.getByText('Choose your state.')).toBeTruthy();
    expect((screen.getByLabelText('State') as HTMLSelectElement).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('changeDeliveryAddress')).toEqual([]);
  });
});
