// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApiClient, type FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import { SignOutButton } from './SignOutButton';

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
