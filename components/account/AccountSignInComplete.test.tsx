// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountSignInComplete } from './AccountSignInComplete';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { AccountRefusal } from './AccountRefusal';
import { AccountSignInPage } from './AccountPages';

const TOKEN = 'T'.repeat(43);

describe('AccountSignInComplete', () => {
  it.each(['used', 'expired', 'invalid'] as const)(
    'a test-mode link that is %s: the banner, and the new link asked for in test mode',
    (reason) => {
      render(
        <AccountSignInComplete
          view={{ authError: reason }}
          token={TOKEN}
          page={`/account/sign-in/complete?livemode=false&token=${TOKEN}`}
          livemode={false}
        />,
      );
      expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Email me a new link' }).getAttribute('href')).toBe(
        '/account/sign-in?livemode=false&return=%2Faccount%3Flivemode%3Dfalse',
      );
      expect(screen.getByRole('link', { name: 'Cancel a subscription' }).getAttribute('href')).toBe('/cancel?livemode=false');
    },
  );

  it('a live link that cannot be used: no banner, and a live new link', () => {
    render(<AccountSignInComplete view={{ authError: 'used' }} token={TOKEN} page={`/account/sign-in/complete?token=${TOKEN}`} livemode />);
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
    expect(screen.getByRole('link', { name: 'Email me a new link' }).getAttribute('href')).toBe('/account/sign-in');
  });

  it('a test-mode link opened in another browser: the banner above the address to confirm', () => {
    const page = `/account/sign-in/complete?livemode=false&token=${TOKEN}`;
    const { container } = render(
      <AccountSignInComplete view={{ authError: null, confirmEmail: 'ada@example.com' }} token={TOKEN} page={page} livemode={false} />,
    );
    expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
    // Should the link fail on Confirm, the visitor comes back to this page, still in test mode.
    expect(Object.fromEntries(new FormData(container.querySelector('form')!))).toEqual({ token: TOKEN, page });
  });
});

describe('the account’s sign-in and refusal pages in German', () => {
  it('titles a link that cannot be used in German, and asks for a new one in German', () => {
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <AccountSignInComplete view={{ authError: 'used' }} token={TOKEN} page={`/account/sign-in/complete?token=${TOKEN}`} livemode />
      </I18nProvider>,
    );
    expect(document.title).toBe('Anmeldelink | Ihr Konto');
    expect(screen.getByRole('link', { name: 'Neuen Link per E-Mail senden' }).getAttribute('href')).toBe('/account/sign-in?lang=de-DE');
  });

  it('says why a page could not be opened by its status, not the server’s English', () => {
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <AccountRefusal refused={{ status: 400, message: 'The "livemode" parameter must be "true" or "false".' }} />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Diese Seite konnte nicht geöffnet werden');
    expect(screen.getByRole('alert').textContent).toBe('Der Parameter „livemode“ muss „true“ oder „false“ sein.');
    expect(screen.getByRole('link', { name: 'Zu Ihrem Konto' }).getAttribute('href')).toBe('/account?lang=de-DE');
  });

  it('says a method the sign-in does not take in French', () => {
    render(
      <I18nProvider page={pageWordsFixture('fr-FR')}>
        <AccountSignInPage kind="refused" status={405} message="This page can only be opened, not sent data." />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Non autorisé');
    expect(screen.getByText('Cette page peut seulement être ouverte, on ne peut pas lui envoyer de données.')).toBeTruthy();
  });
});
