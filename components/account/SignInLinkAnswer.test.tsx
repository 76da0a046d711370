// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignInLinkAnswer } from './SignInLinkAnswer';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

const TOKEN = 'T'.repeat(43);
const PAGE = `/account/sign-in/complete?token=${TOKEN}`;

describe('SignInLinkAnswer', () => {
  it('asks to confirm the address with a plain form post of the token and the page', () => {
    const { container } = render(
      <SignInLinkAnswer
        view={{ authError: null, confirmEmail: 'ada@example.com' }}
        token={TOKEN}
        page={PAGE}
        newLinkHref="/account/sign-in"
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in as ada@example.com?');
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/identity/sign-in');
    expect(Object.fromEntries(new FormData(form))).toEqual({ token: TOKEN, page: PAGE });
    const button = screen.getByRole('button', { name: 'Confirm' });
    expect(button.getAttribute('type')).toBe('submit');
  });

  it('shows a spinner once confirmed, and posts once', () => {
    const { container } = render(
      <SignInLinkAnswer
        view={{ authError: null, confirmEmail: 'ada@example.com' }}
        token={TOKEN}
        page={PAGE}
        newLinkHref="/account/sign-in"
      />,
    );
    const form = container.querySelector('form')!;
    const posts: boolean[] = [];
    // After React's own listener (at its root): would the browser post?
    const seen = (event: Event) => {
      posts.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('submit', seen);
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: /Confirm/ }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Signing in…');
    fireEvent.submit(form);
    document.removeEventListener('submit', seen);
    expect(posts).toEqual([true, false]);
  });

  it.each([
    ['used', 'This sign-in link has already been used: each link works once.'],
    ['expired', 'This sign-in link has expired: links work for 15 minutes.'],
    ['invalid', 'This sign-in link is not valid. It may have been copied incompletely.'],
  ] as const)('says a link that is %s cannot be used, and where to get another', (reason, message) => {
    render(<SignInLinkAnswer view={{ authError: reason }} token="" page={PAGE} newLinkHref="/account/sign-in" />);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Email me a new link' }).getAttribute('href')).toBe('/account/sign-in');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('SignInLinkAnswer in German and French', () => {
  it.each([
    [
      'de-DE',
      'Die Anmeldung hat nicht geklappt',
      'Dieser Anmeldelink ist abgelaufen: Links funktionieren 15 Minuten lang.',
      'Neuen Link per E-Mail senden',
    ],
    [
      'fr-FR',
      'Nous n’avons pas pu vous connecter',
      'Ce lien de connexion a expiré\u00a0: les liens fonctionnent pendant 15\u00a0minutes.',
      'Recevoir un nouveau lien par e-mail',
    ],
  ])('says in %s why the link cannot be used', (locale, heading, problem, newLink) => {
    render(
      <I18nProvider page={pageWordsFixture(locale)}>
        <SignInLinkAnswer view={{ authError: 'expired' }} token={TOKEN} page={PAGE} newLinkHref="/account/sign-in" />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    expect(screen.getByRole('alert').textContent).toBe(problem);
    expect(screen.getByRole('link', { name: newLink })).toBeTruthy();
  });

  it('asks to confirm the address in German', () => {
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <SignInLinkAnswer
          view={{ authError: null, confirmEmail: 'ada@example.com' }}
          token={TOKEN}
          page={PAGE}
          newLinkHref="/account/sign-in"
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Als ada@example.com anmelden?');
    expect(screen.getByRole('button', { name: 'Bestätigen' })).toBeTruthy();
  });
});
