import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { cardChangeFailure, cardDeclined, heldRenewalFailure, renewalDeclined } from './cardFailures';

const refused = (status: number, code: string) => new ApiError({ status, code, message: 'English from the server' });

describe('the card page’s failures', () => {
  it('says a decline as the failures catalogue says it for a card change, and an unknown decline generically', () => {
    expect(cardDeclined('generic_decline')).toEqual({ id: 'failures.generic_decline.cardChange' });
    expect(cardChangeFailure(refused(402, 'insufficient_funds'))).toEqual({ id: 'failures.insufficient_funds.cardChange' });
    expect(cardDeclined('made_up')).toEqual({ id: 'billing.card.error.fallback' });
  });

  it('says the route’s own refusals by their code, before a payment failure of the same name', () => {
    expect(cardChangeFailure(refused(409, 'authentication_required'))).toEqual({ id: 'billing.card.error.authentication_required' });
    expect(cardChangeFailure(refused(404, 'setup_not_found'))).toEqual({ id: 'billing.card.error.setup_not_found' });
    expect(cardChangeFailure(new Error('boom'))).toEqual({ id: 'billing.card.error.fallback' });
  });

  it('says a held renewal’s refusal and decline in the page’s words', () => {
    expect(heldRenewalFailure(refused(409, 'no_held_payment'))).toEqual({ id: 'cancel.held.error.no_held_payment' });
    expect(heldRenewalFailure(refused(500, 'unknown'))).toEqual({ id: 'cancel.held.error.fallback' });
    expect(renewalDeclined('expired_card')).toEqual({ id: 'failures.expired_card.checkout' });
  });

  it('says that the payment provider is down, not a generic failure, when Stripe cannot be reached', () => {
    const down = refused(503, 'payment_provider_unavailable');
    expect(cardChangeFailure(down)).toEqual({ id: 'account.call.payment_provider_unavailable' });
    expect(heldRenewalFailure(down)).toEqual({ id: 'account.call.payment_provider_unavailable' });
  });
});
