// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storedSelection } from '@/tests/fixtures/cartCookieJar';
import { change, renderPaymentStep, SANDBOX_CARD, setUpPaymentStepTests, valueOf } from '@/tests/fixtures/creditCardStep';
import { selectionOf } from '@/tests/fixtures/journeyViews';
import { api } from '@/tests/fixtures/stepTests';
import type { CartSelection } from '@/lib/cart/cartSelection';
import type { ArrivalLocation } from '@/lib/geo/arrivalLocation';

vi.mock('next/router', () => import('@/tests/fixtures/paymentStepRouter'));

setUpPaymentStepTests();

/** The payment step as the loader renders it for a visitor who arrived from `arrivalLocation`. */
const renderArrivedFrom = (arrivalLocation: ArrivalLocation | null, selection: CartSelection = selectionOf('1001')) =>
  renderPaymentStep([SANDBOX_CARD], { selection, view: { arrivalLocation } });

const consentBox = () => screen.queryByLabelText('I agree to the automatic renewal terms above.');
const keptDraft = (billing: Record<string, string>) =>
  window.sessionStorage.setItem('pj:draft:vogue-demo-single', JSON.stringify({ billing: { email: 'ada@example.com', ...billing } }));

describe('CreditCardStep: the country the form starts with', () => {
  it('starts with the arrival country, priced for it by the server: no quote asked', async () => {
    renderArrivedFrom({ country: 'DE', region: null, source: 'address' });
    expect(valueOf('Country')).toBe('DE');
    // A German buyer's renewal needs the consent (data/mandates.json): shown with the page, not after a quote.
    expect(consentBox()).not.toBeNull();
    expect(api.callsOf('quote')).toEqual([]);
    expect(storedSelection()).toEqual(selectionOf('1001'));
  });

  it("starts with the edge's state too, and the consent New York's terms ask for", () => {
    renderArrivedFrom({ country: 'US', region: 'NY', source: 'edge' });
    expect(valueOf('Country')).toBe('US');
    expect(valueOf('State')).toBe('NY');
    expect(consentBox()).not.toBeNull();
  });

  it('starts with a country whose state is still to choose, and prices nothing until it is', async () => {
    renderArrivedFrom({ country: 'US', region: null, source: 'language' });
    expect(valueOf('Country')).toBe('US');
    expect(valueOf('State')).toBe('');
    expect(consentBox()).toBeNull();
    change('State', 'CA');
    await waitFor(() => expect(api.callsOf('quote').at(-1)?.[0]).toMatchObject({ country: 'US', region: 'CA' }));
  });

  it('starts empty when nothing says where the visitor is', () => {
    renderArrivedFrom(null);
    expect(valueOf('Country')).toBe('');
  });

  it("stays the buyer's to change", async () => {
    renderArrivedFrom({ country: 'DE', region: null, source: 'address' });
    change('Country', 'GB');
    await waitFor(() => expect(api.callsOf('quote').at(-1)?.[0]).toMatchObject({ country: 'GB' }));
    expect(storedSelection()).toEqual(selectionOf('1001', { country: 'GB' }));
    // A buyer in the UK renews under no mandate: the German consent goes.
    await waitFor(() => expect(consentBox()).toBeNull());
  });
});

describe("CreditCardStep: the buyer's choice wins over the arrival", () => {
  it('keeps the country of the cart the buyer chose it in', () => {
    renderArrivedFrom({ country: 'DE', region: null, source: 'edge' }, selectionOf('1001', { country: 'GB' }));
    expect(valueOf('Country')).toBe('GB');
    expect(consentBox()).toBeNull();
  });

  it('keeps the country of the draft kept in the tab after a reload, and prices the order for it', async () => {
    keptDraft({ country: 'FR', region: '' });
    renderArrivedFrom({ country: 'DE', region: null, source: 'address' });
    await waitFor(() => expect(valueOf('Country')).toBe('FR'));
    expect(valueOf('Email')).toBe('ada@example.com');
    await waitFor(() => expect(api.callsOf('quote').at(-1)?.[0]).toMatchObject({ country: 'FR' }));
    expect(storedSelection()).toEqual(selectionOf('1001', { country: 'FR' }));
  });

  it("never gives the arrival's state to the country the buyer chose", async () => {
    keptDraft({ country: 'CA', region: '' });
    renderArrivedFrom({ country: 'US', region: 'NY', source: 'edge' });
    await waitFor(() => expect(valueOf('Country')).toBe('CA'));
    expect(valueOf('Province')).toBe('');
    // No location known yet: the order is priced without one, as before the buyer chose.
    await waitFor(() => expect(storedSelection()).toEqual(selectionOf('1001')));
  });
});
