// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stepPage } from '@/tests/fixtures/journeyViews';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { I18nProvider } from '@/components/shell/I18n';
import AuthInitiateStep from './AuthInitiateStep';

setUpStepTests();

function renderIn(locale: string, path: string, search: string) {
  const view = { returnSegments: ['cart'], offerName: 'Print + Digital', signedIn: false, prefillEmail: null };
  render(
    <I18nProvider page={pageWordsFixture(locale)}>
      <ApiClientProvider client={api}>
        <AuthInitiateStep {...stepPage(snapshot, path, 'auth-initiate', view, { search })} />
      </ApiClientProvider>
    </I18nProvider>,
  );
}

describe('auth/initiate in the campaign’s locale', () => {
  it('asks for the address in German, then says where the link went', async () => {
    renderIn('de-DE', 'gq/demo-de', '?method=sign-in');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bei GQ anmelden');
    expect(screen.getByText(/^Melden Sie sich an, um mit Print \+ Digital von GQ fortzufahren\. Wir senden Ihnen/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldelink per E-Mail senden' }));
    expect(await screen.findByText(/Wir haben einen Anmeldelink an ada@example.com gesendet\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Andere E-Mail-Adresse verwenden' })).toBeTruthy();
  });

  it('speaks French', () => {
    renderIn('fr-FR', 'vogue/demo-fr', '');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Continuer avec votre e-mail');
    expect(screen.getByRole('link', { name: 'Retour' })).toBeTruthy();
  });
});
