// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stepPage } from '@/tests/fixtures/journeyViews';
import { api, setUpStepTests, snapshot } from '@/tests/fixtures/stepTests';
import { ApiError } from '@/lib/api/apiErrors';
import { ApiClientProvider } from '@/components/shell/ApiClientProvider';
import AuthInitiateStep from './AuthInitiateStep';

setUpStepTests();

function renderInitiate(
  path: string,
  view: { returnSegments: string[]; offerName: string | null; signedIn?: boolean; prefillEmail?: string | null },
  search = '?source=nl&method=magic-link',
) {
  render(
    <ApiClientProvider client={api}>
      <AuthInitiateStep {...stepPage(snapshot, path, 'auth-initiate', { signedIn: false, prefillEmail: null, ...view }, { search })} />
    </ApiClientProvider>,
  );
}

function send(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
}

describe('AuthInitiateStep', () => {
  it('names the offer in the cart and the brand', () => {
    renderInitiate('newyorker/demo-dual', { returnSegments: ['cart'], offerName: 'Print + Digital' });
    expect(screen.getByText(/Sign in to continue with Print \+ Digital from The New Yorker\./)).toBeTruthy();
  });

  it('names the brand alone when the cart is empty', () => {
    renderInitiate('vogue/demo-single', { returnSegments: [], offerName: null });
    expect(screen.getByText(/Sign in to continue with Vogue\./)).toBeTruthy();
  });

  it('offers a way back, except on a campaign that asks everyone to sign in (back would only lead here again)', () => {
    renderInitiate('vogue/demo-single', { returnSegments: ['cart'], offerName: null });
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/vogue/demo-single/cart?source=nl');
    cleanup();
    renderInitiate('epicurious/demo-preauth', { returnSegments: [], offerName: 'Epicurious Insider' });
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
    expect(screen.getByText(/Sign in to continue with Epicurious Insider\. /)).toBeTruthy();
    cleanup();
    // Signed in already (from its cart exit), the way back leads to the cart.
    renderInitiate('epicurious/demo-preauth', { returnSegments: ['cart'], offerName: 'Epicurious Insider', signedIn: true });
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
  });

  it('sends a sign-in link through the API client with the page to return to, then says where it went', async () => {
    renderInitiate('newyorker/demo-dual', { returnSegments: ['cart'], offerName: 'Print + Digital' });
    send(' ada@example.com ');
    expect(await screen.findByText(/We sent a sign-in link to ada@example.com\./)).toBeTruthy();
    expect(api.callsOf('requestSignInLink')).toEqual([
      [
        {
          email: 'ada@example.com',
          purpose: 'magic-link',
          brand: 'newyorker',
          urlSlug: 'demo-dual',
          returnPath: '/newyorker/demo-dual/cart?source=nl',
        },
        true,
      ],
    ]);
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Check your inbox.'));
  });

  it('asks to sign in with the sign-in method, and returns to the offer page', async () => {
    renderInitiate('vogue/demo-single', { returnSegments: [], offerName: 'Vogue Digital' }, '?method=sign-in');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to Vogue');
    send('ada@example.com');
    await screen.findByText(/Check your inbox/);
    expect(api.callsOf('requestSignInLink')[0]![0]).toMatchObject({ purpose: 'sign-in', returnPath: '/vogue/demo-single' });
  });

  it('says what is wrong with a refused address, on the field', async () => {
    renderInitiate('vogue/demo-single', { returnSegments: ['cart'], offerName: null });
    api.fail(
      'requestSignInLink',
      new ApiError({ status: 400, code: 'invalid_body', message: 'Enter a valid email address, like name@example.com.' }),
    );
    send('nope');
    expect(await screen.findByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('holds the address the server prefilled (the buyer of the order the success page shows), and sends it', async () => {
    renderInitiate('vogue/demo-single', { returnSegments: ['success'], offerName: 'Vogue Digital', prefillEmail: 'ada@example.com' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByText(/We sent a sign-in link to ada@example.com\./);
    expect(api.callsOf('requestSignInLink')[0]![0]).toMatchObject({
      email: 'ada@example.com',
      returnPath: '/vogue/demo-single/success?source=nl',
    });
  });

  it('prefills nothing from the URL: an address in the query is not put in the field', () => {
    renderInitiate(
      'vogue/demo-single',
      { returnSegments: ['success'], offerName: null },
      '?source=nl&method=magic-link&email=eve%40example.com',
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('asks for an address before sending anything', () => {
    renderInitiate('vogue/demo-single', { returnSegments: ['cart'], offerName: null });
    send('  ');
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
