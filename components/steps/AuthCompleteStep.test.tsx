// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { stepPage } from '@/tests/fixtures/journeyViews';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import type { SignInLinkView } from '@/lib/identity/signInLinks';
import AuthCompleteStep from './AuthCompleteStep';

let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

const TOKEN = 'T'.repeat(43);
const renderComplete = (view: SignInLinkView) =>
  render(
    <AuthCompleteStep {...stepPage(snapshot, 'vogue/demo-single', 'auth-complete', view, { search: `?livemode=false&token=${TOKEN}` })} />,
  );

describe('AuthCompleteStep', () => {
  it('opened in another browser: the address to confirm, posting the token and this page', () => {
    const { container } = renderComplete({ authError: null, confirmEmail: 'ada@example.com' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in as ada@example.com?');
    const form = container.querySelector('form')!;
    expect(Object.fromEntries(new FormData(form))).toEqual({
      token: TOKEN,
      page: `/vogue/demo-single/auth/complete?livemode=false&token=${TOKEN}`,
    });
  });

  it('a link that cannot be used: why, and a new one from this campaign without the token', () => {
    renderComplete({ authError: 'used' });
    expect(screen.getByRole('alert').textContent).toBe('This sign-in link has already been used: each link works once.');
    expect(screen.getByRole('link', { name: 'Email me a new link' }).getAttribute('href')).toBe(
      '/vogue/demo-single/auth/initiate?livemode=false',
    );
  });
});
