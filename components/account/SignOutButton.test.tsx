// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApiClient, type FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { SignOutButton } from './SignOutButton';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { ApiError } from '@/lib/api/apiErrors';

let api: FakeApiClient;
let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  api = createFakeApiClient();
  assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderButton(livemode: boolean) {
  render(
    <ApiClientProvider client={api}>
      <SignOutButton livemode={livemode} />
    </ApiClientProvider>,
  );
}

describe('SignOutButton', () => {
  it.each([
    ['Sign out', false, '/account/sign-in?livemode=false&return=%2Faccount%3Flivemode%3Dfalse'],
    ['Sign out everywhere', false, '/account/sign-in?livemode=false&return=%2Faccount%3Flivemode%3Dfalse'],
    ['Sign out', true, '/account/sign-in'],
  ])('"%s" with livemode %s lands on %s', async (name, livemode, destination) => {
    renderButton(livemode);
    fireEvent.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(destination));
  });
});

describe('SignOutButton in German', () => {
  const renderGerman = () =>
    render(
      <I18nProvider page={pageWordsFixture('de-DE')}>
        <ApiClientProvider client={api}>
          <SignOutButton livemode />
        </ApiClientProvider>
      </I18nProvider>,
    );

  it('signs out to the sign-in page in German', async () => {
    renderGerman();
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account/sign-in?lang=de-DE'));
  });

  it('says in German that it could not sign out', async () => {
    api.fail('signOut', new ApiError({ status: 500, code: 'internal_error', message: 'Something went wrong on our side.' }));
    renderGerman();
    fireEvent.click(screen.getByRole('button', { name: 'Überall abmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Abmeldung hat nicht geklappt. Bitte versuchen Sie es erneut.');
  });
});
