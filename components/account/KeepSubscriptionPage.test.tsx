// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KeepPageProps } from '@/lib/account/cancelView';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { KeepSubscriptionPage } from './KeepSubscriptionPage';

const READY: KeepPageProps = { state: 'ready', token: 'tok', brandName: 'GQ', offerName: 'GQ Digital', livemode: true };

function page(props: KeepPageProps, locale?: string, api = createFakeApiClient()) {
  const view = (
    <ApiClientProvider client={api}>
      <KeepSubscriptionPage {...props} />
    </ApiClientProvider>
  );
  render(locale ? <I18nProvider page={pageWordsFixture(locale)}>{view}</I18nProvider> : view);
  return api;
}

describe('KeepSubscriptionPage', () => {
  it('keeps the subscription, and says so in German with its next charge', async () => {
    const api = page(READY, 'de-DE').answer('keepSubscription', {
      kept: true,
      brandName: 'GQ',
      offerName: 'GQ Digital',
      nextCharge: { at: '2027-11-26T10:00:00.000Z', amount: 5000, currencyCode: 'EUR', tax: 'included' },
    });
    expect(screen.getByText(/wurde auf unserer Kündigungsseite gekündigt/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Abonnement behalten' })));
    expect(api.callsOf('keepSubscription')).toEqual([['tok']]);
    expect(screen.getByTestId('subscription-kept').textContent).toBe(
      'GQ: GQ Digital wurde doch nicht gekündigt. Es verlängert sich am 26. November 2027 zu 50,00\u00a0€ (inkl. MwSt.). Wir haben Ihnen eine Bestätigung per E-Mail gesendet.',
    );
  });

  it('says why a link is refused from its code, in the page’s language', () => {
    page({ state: 'refused', code: 'keep_link_used', livemode: true }, 'fr-FR');
    expect(screen.getByRole('alert').textContent).toBe('Ce lien a déjà été utilisé\u00a0: votre abonnement a été gardé.');
    expect(screen.getByRole('link', { name: 'Accéder à votre compte' }).getAttribute('href')).toBe('/account?lang=fr-FR');
  });

  it('reads in English as before', () => {
    page({ state: 'refused', code: 'keep_link_used', livemode: false });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('We could not use this link');
    expect(screen.getByRole('alert').textContent).toBe('This link was already used: your subscription was kept.');
    expect(screen.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/account?livemode=false');
  });
});
