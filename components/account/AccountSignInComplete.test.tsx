// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountSignInComplete } from './AccountSignInComplete';

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
