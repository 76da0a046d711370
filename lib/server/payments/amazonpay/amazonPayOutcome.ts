import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { ChargeResult } from '@/lib/server/payments/PaymentGateway';
import type { Charge, CheckoutSession } from './amazonPayTypes';

/**
 * Amazon Pay states as our payment outcomes. The checkout session id is the payment id
 * throughout (see AmazonPayGateway for why).
 */

/**
 * Why Amazon refused or dropped a checkout or a charge, as the visitor is told it. The buyer
 * leaving Amazon's page (BuyerCanceled) is their choice; everything else (Declined,
 * SoftDeclined, HardDeclined, AmazonRejected, Expired, AmazonCanceled, …) means Amazon Pay
 * did not take the payment, and the visitor should pay another way.
 */
export function failureCodeFor(reasonCode: string | null | undefined): PaymentFailureCode {
  return reasonCode === 'BuyerCanceled' ? 'cancelled' : 'wallet_declined';
}

/**
 * Where the buyer continues a session that is still Open: Amazon's page that processes the
 * payment once we set its details (amazonPayRedirectUrl); before that, our review page with
 * the session, which sets the details and sends them on, as Amazon's own redirect would.
 */
export function continueUrlOf(session: CheckoutSession): string | null {
  const details = session.webCheckoutDetails;
  if (details?.amazonPayRedirectUrl) return details.amazonPayRedirectUrl;
  if (!details?.checkoutReviewReturnUrl) return null;
  const review = new URL(details.checkoutReviewReturnUrl);
  review.searchParams.set('amazonCheckoutSessionId', session.checkoutSessionId);
  return review.toString();
}

/** A checkout session's state as a charge result: Completed paid (or set up, for a trial), Canceled failed, Open still with the buyer. */
export function resultOfSession(session: CheckoutSession): ChargeResult {
  const paymentId = session.checkoutSessionId;
  switch (session.statusDetails.state) {
    case 'Completed': {
      // The recurring charge permission is what our renewals charge (Amazon Pay v2 leaves each one to us).
      const permission = session.chargePermissionId;
      return {
        status: 'succeeded',
        paymentId,
        ...(permission ? { instrument: { kind: 'amazon-pay', chargePermissionId: permission } } : {}),
      };
    }
    case 'Canceled':
      return { status: 'failed', paymentId, code: failureCodeFor(session.statusDetails.reasonCode) };
    case 'Open': {
      const url = continueUrlOf(session);
      if (!url) throw new Error(`Amazon Pay checkout session ${paymentId} is open but has nowhere to continue`);
      return { status: 'requires_action', paymentId, action: { type: 'redirect', url } };
    }
    default:
      throw new Error(`Amazon Pay checkout session ${paymentId} is in an unknown state ${session.statusDetails.state}`);
  }
}

/** A Charge's settled outcome, or null while it is still on its way (AuthorizationInitiated, Authorized, CaptureInitiated). */
export function outcomeOfCharge(
  charge: Charge,
): { type: 'payment.succeeded' } | { type: 'payment.failed'; failureCode: PaymentFailureCode } | null {
  switch (charge.statusDetails.state) {
    case 'Captured':
      return { type: 'payment.succeeded' };
    case 'Declined':
      return { type: 'payment.failed', failureCode: 'wallet_declined' };
    case 'Canceled':
      return { type: 'payment.failed', failureCode: failureCodeFor(charge.statusDetails.reasonCode) };
    default:
      return null;
  }
}
