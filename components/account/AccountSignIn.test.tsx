// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeApiClient, type FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { AccountSignIn } from './AccountSignIn';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

let api: FakeApiClient;
beforeEach(() => {
  api = createFakeApiClient();
  window.sessionStorage.clear();
});

function renderSignIn(email = '', returnPath = '/account', livemode = true) {
  render(
    <ApiClientProvider client={api}>
      <AccountSignIn email={email} returnPath={returnPath} livemode={livemode} />
    </ApiClientProvider>,
  );
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

describe('AccountSignIn', () => {
  it('keeps what was typed through a reload of the tab; an address the page was given comes first', async () => {
    renderSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'typed@example.com' } });
    cleanup();
    renderSignIn();
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('typed@example.com'));
    cleanup();
    renderSignIn('given@example.com');
    await act(async () => undefined);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('given@example.com');
  });

  it('names no brand, and labels its field', () => {
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to your account');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(document.title).toBe('Sign in | Your account');
  });

  it('asks for a link with no brand and the page to return to; says it was sent only once the server said so', async () => {
    renderSignIn('ada@example.com', '/account/subscriptions');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    const pending = api.defer('requestSignInLink');
    send();
    // While the server works: a spinner in a busy button, and no claim that anything was sent.
    const busy = screen.getByRole('button', { name: /Sending/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Sending your link…');
    expect(screen.queryByText(/Check your e-mail/)).toBeNull();
    await act(async () => pending.resolve(undefined));
    expect((await screen.findByText(/we sent a link to ada@example.com\./)).textContent).toBeTruthy();
    expect(screen.getByText('Check your e-mail:')).toBeTruthy();
    expect(api.callsOf('requestSignInLink')).toEqual([
      [{ email: 'ada@example.com', returnPath: '/account/subscriptions', locale: 'en-US' }, true],
    ]);
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Check your e-mail'));
  });

  it('says what is wrong on the field, and claims nothing was sent', async () => {
    renderSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    api.fail(
      'requestSignInLink',
      new ApiError({ status: 400, code: 'invalid_body', message: 'Enter a valid email address, like name@example.com.' }),
    );
    send();
    expect(await screen.findByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Check your e-mail/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('asks for an address before sending anything', () => {
    renderSignIn();
    send();
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('lets the visitor use another address after sending', async () => {
    renderSignIn('ada@example.com');
    send();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a different email address' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('in test mode, says so and keeps its links and the way back in test mode', async () => {
    renderSignIn('', '/account?livemode=false', false);
    expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel a subscription' }).getAttribute('href')).toBe('/cancel?livemode=false');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    send();
    await waitFor(() =>
      expect(api.callsOf('requestSignInLink')).toEqual([
        [{ email: 'ada@example.com', returnPath: '/account?livemode=false', locale: 'en-US' }, false],
      ]),
    );
  });

  it('live, shows no test banner', () => {
    renderSignIn();
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cancel a subscription' }).getAttribute('href')).toBe('/cancel');
  });
});

describe('AccountSignIn in German', () => {
  const renderGerman = () =>
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <ApiClientProvider client={api}>
          <AccountSignIn email="" returnPath="/account" livemode />
        </ApiClientProvider>
      </I18nProvider>,
    );
  const sendGerman = () => fireEvent.click(screen.getByRole('button', { name: 'Anmeldelink per E-Mail senden' }));

  it('asks in German, and asks for the mail in German', async () => {
    renderGerman();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bei Ihrem Konto anmelden');
    expect(document.title).toBe('Anmelden | Ihr Konto');
    expect(screen.getByRole('link', { name: 'Verträge hier kündigen' }).getAttribute('href')).toBe('/cancel?lang=de-DE');
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'ada@example.com' } });
    sendGerman();
    expect((await screen.findByText(/Wir haben einen Link an ada@example.com gesendet/)).closest('p')!.textContent).toBe(
      'Sehen Sie in Ihr E-Mail-Postfach: Wir haben einen Link an ada@example.com gesendet. Er funktioniert einmal und 15 Minuten lang.',
    );
    expect(api.callsOf('requestSignInLink')).toEqual([[{ email: 'ada@example.com', returnPath: '/account', locale: 'de-DE' }, true]]);
  });

  it('says what is wrong in German, never the server’s English', async () => {
    renderGerman();
    sendGerman();
    expect(screen.getByText('Geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'nope' } });
    api.fail(
      'requestSignInLink',
      new ApiError({ status: 400, code: 'invalid_body', message: 'Enter a valid email address, like name@example.com.' }),
    );
    sendGerman();
    expect(await screen.findByText('Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.')).toBeTruthy();
  });
});
