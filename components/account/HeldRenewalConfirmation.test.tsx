// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaving, renderCardPage as view } from '@/tests/fixtures/cardChangePage';
import { createFakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { subscriptionSummaryFixture } from '@/tests/fixtures/subscriptionSummary';

/** A held renewal is confirmed on the card page (CardChangeView), beside the card form it shares the page with. */

const replace = vi.fn(async () => true);
let asPath = '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false';
vi.mock('next/router', () => ({ useRouter: () => ({ replace, asPath }) }));
afterEach(() => {
  replace.mockClear();
  vi.restoreAllMocks();
});

const active = subscriptionSummaryFixture();

describe('CardChangeView', () => {
  describe('a renewal the bank holds for the subscriber', () => {
    const held = subscriptionSummaryFixture({
      status: 'past_due',
      paymentMethod: 'Visa ending in 3184',
      facts: {
        nextCharge: null,
        endsAt: null,
        periodEnd: '2026-11-26T10:00:00.000Z',
        pastDue: {
          failureCode: 'authentication_required',
          retryAt: null,
          dates: { accessUntil: '2026-12-10T10:00:00.000Z', endsOn: '2026-12-10T10:00:00.000Z' },
        },
      },
    });
    const PAYMENT = 'pi_sandbox_bbbbbbbbbbbbbbbbbbbb';

    it("offers to confirm it first, and leaves for the bank's page, busy until it has gone", async () => {
      const assign = leaving();
      const api = view(createFakeApiClient(), held).answer('confirmRenewalPayment', {
        status: 'requires_action',
        action: { type: 'redirect', url: `/sandbox/authenticate/${PAYMENT}` },
        savedCard: null,
      });
      expect(screen.getByTestId('renewal-held').textContent).toContain(
        'Your bank asks you to confirm the renewal payment yourself, with Visa ending in 3184. Nothing has been charged yet.',
      );
      expect(screen.getByRole('heading', { name: 'Or pay with another card' })).toBeTruthy();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm the payment' })));
      expect(api.callsOf('confirmRenewalPayment')).toEqual([['sub_aaaaaaaaaaaaaaaa']]);
      expect(assign).toHaveBeenCalledWith(`/sandbox/authenticate/${PAYMENT}`);
      expect(screen.getByRole('button', { name: /Confirm the payment/ }).getAttribute('aria-busy')).toBe('true');
    });

    it("back from the bank's page: asks once, takes it off the address, and says the subscription is active again", async () => {
      asPath = '/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false&renewal_payment=returned';
      const api = createFakeApiClient();
      const pending = api.defer('confirmRenewalPayment');
      view(api, held, { gateway: 'sandbox' }, null, true);
      expect(screen.getByRole('button', { name: /Confirm the payment/ }).getAttribute('aria-busy')).toBe('true');
      await act(async () => pending.resolve({ status: 'paid', subscription: { ...active, paymentMethod: 'Visa ending in 3184' } }));
      expect(api.callsOf('confirmRenewalPayment')).toHaveLength(1);
      expect(replace).toHaveBeenCalledWith('/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card?livemode=false', undefined, {
        shallow: true,
        scroll: false,
      });
      expect(screen.getByTestId('renewal-confirmed').textContent).toBe(
        'Your bank confirmed the payment. Vogue: Vogue Digital is active again, and its receipt is in your e-mail (ada@example.com).',
      );
      expect(screen.queryByTestId('renewal-held')).toBeNull();
      expect(screen.queryByTestId('card-past-due')).toBeNull();
    });

    it('says the bank refused it, and leaves the card form to pay with another card', async () => {
      const refused = {
        ...held,
        facts: { ...held.facts, pastDue: { ...held.facts.pastDue!, failureCode: 'authentication_failed' as const } },
      };
      const api = createFakeApiClient().answer('confirmRenewalPayment', {
        status: 'failed',
        code: 'authentication_failed',
        message: 'Your bank could not confirm this payment. Please try again or use a different card.',
        subscription: refused,
      });
      view(api, held);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm the payment' })));
      expect(screen.getByRole('alert').textContent).toBe(
        'Your bank could not confirm this payment. Please try again or use a different card.',
      );
      expect(screen.queryByTestId('renewal-held')).toBeNull();
      expect(screen.getByRole('button', { name: 'Save card' })).toBeTruthy();
    });
  });
});
