// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { CancelDeclarationPage } from './CancelDeclarationPage';

const BRANDS = [{ slug: 'gq', name: 'GQ' }];

function page(locale: string, api = createFakeApiClient()) {
  render(
    <I18nProvider page={{ ...pageWordsFixture(locale), timeZone: 'Europe/Berlin' }}>
      <ApiClientProvider client={api}>
        <CancelDeclarationPage brands={BRANDS} livemode brand="gq" />
      </ApiClientProvider>
    </I18nProvider>,
  );
  return api;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CancelDeclarationPage', () => {
  it('sends the cancellation with the button German law words (§ 312k BGB), and says in German when it was received', async () => {
    const api = page('de-DE').answer('declareCancellation', { received: true, receivedAt: '2026-12-26T10:00:00.000Z' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Abonnement kündigen');
    fill('E-Mail-Adresse des Abonnements', 'ada@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' })));
    expect(api.callsOf('declareCancellation')).toEqual([[{ email: 'ada@example.com', brand: 'gq', livemode: true }]]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kündigung eingegangen');
    expect(screen.getByTestId('cancel-received').textContent).toContain(
      'Ihre Kündigung für ada@example.com bei GQ ist am 26. Dezember 2026 um 11:00 MEZ bei uns eingegangen.',
    );
    expect(screen.getByRole('link', { name: 'Ihrem Konto' }).getAttribute('href')).toBe('/account?lang=de-DE');
  });

  it('says what is missing in German, and a refusal by its code, never in the server’s English', async () => {
    const api = page('de-DE');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' })));
    expect(screen.getByText('Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.')).toBeTruthy();
    expect(api.callsOf('declareCancellation')).toEqual([]);
    api.fail('declareCancellation', new ApiError({ status: 503, code: 'service_unavailable', message: 'The service is busy just now.' }));
    fill('E-Mail-Adresse des Abonnements', 'ada@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'Der Dienst ist gerade ausgelastet. Bitte versuchen Sie es in einigen Sekunden erneut.',
    );
  });

  it('keeps the usual wording where the law fixes none: France and the US', () => {
    page('fr-FR');
    expect(screen.getByRole('button', { name: 'Résilier maintenant' })).toBeTruthy();
    expect(screen.getByLabelText('Adresse e-mail de l’abonnement')).toBeTruthy();
  });

  it('reads in English as before', async () => {
    const api = page('en-US').answer('declareCancellation', { received: true, receivedAt: '2026-12-26T10:00:00.000Z' });
    fill('Email address of the subscription', 'ada@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel now' })));
    expect(api.callsOf('declareCancellation')).toHaveLength(1);
    expect(screen.getByTestId('cancel-received').textContent).toContain(
      'We received your cancellation for ada@example.com at GQ on December 26, 2026 at 11:00 GMT+1.',
    );
    expect(screen.getByRole('link', { name: 'your account' }).getAttribute('href')).toBe('/account');
  });
});
