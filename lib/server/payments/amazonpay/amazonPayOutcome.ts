import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { ChargeResult, RefundFailureCode, RefundResult } from '@/lib/server/payments/PaymentGateway';
import type { Charge, CheckoutSession, Refund } from './amazonPayTypes';

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
 * Declines of a renewal's charge that a later try may get past: the bank's soft decline,
 * or Amazon failing to process the charge or to do so in time. The engine tries again.
 */
const SOFT_RENEWAL_DECLINES: ReadonlySet<string> = new Set(['SoftDeclined', 'ProcessingFailure', 'TransactionTimedOut']);

/**
 * The reason codes with which Create Charge refuses a renewal's charge itself (not our
 * request, not an outage): the soft ones above, and the hard ones, after which the charge
 * permission will not pay again as it is: the bank's hard decline, a payment method Amazon
 * no longer allows for it, Amazon's own refusal, an authentication the absent buyer cannot
 * do, a permission no longer Chargeable (closed, expired, its method invalid), or its
 * amount or count limits reached.
 */
const RENEWAL_DECLINES: ReadonlySet<string> = new Set([
  ...SOFT_RENEWAL_DECLINES,
  'HardDeclined',
  'PaymentMethodNotAllowed',
  'AmazonRejected',
  'MFANotCompleted',
  'InvalidChargePermissionStatus',
  'TransactionAmountExceeded',
  'TransactionCountExceeded',
]);

export const isRenewalDecline = (reasonCode: string): boolean => RENEWAL_DECLINES.has(reasonCode);

/**
 * A renewal's decline as our failure code: `processing_error` for a soft one (tried again),
 * and otherwise the checkout's own mapping, `wallet_declined`, for a hard one.
 */
export function renewalFailureCodeFor(reasonCode: string | null | undefined): PaymentFailureCode {
  return reasonCode && SOFT_RENEWAL_DECLINES.has(reasonCode) ? 'processing_error' : failureCodeFor(reasonCode);
}

/**
 * A renewal's Charge as a charge result, its id the payment id: Captured succeeded,
 * Declined or Canceled failed by reason; null while it is still on its way
 * (AuthorizationInitiated, Authorized, CaptureInitiated).
 */
export function resultOfRenewalCharge(charge: Charge): ChargeResult | null {
  switch (charge.statusDetails.state) {
    case 'Captured':
      return { status: 'succeeded', paymentId: charge.chargeId };
    case 'Declined':
    case 'Canceled':
      return { status: 'failed', paymentId: charge.chargeId, code: renewalFailureCodeFor(charge.statusDetails.reasonCode) };
    default:
      return null;
  }
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
      // The charge is what a refund names; Amazon deletes the session after 30 days, so it is kept now.
      return {
        status: 'succeeded',
        paymentId,
        ...(permission ? { instrument: { kind: 'amazon-pay', chargePermissionId: permission } } : {}),
        ...(session.chargeId ? { chargeId: session.chargeId } : {}),
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

/**
 * An Amazon Pay refund as our refund result: Amazon refunds asynchronously, so a new one is
 * RefundInitiated (Pending in its older documents), then Refunded (Completed) or Declined.
 */
export function resultOfRefund(refund: Refund): RefundResult {
  const { state, reasonCode, reasonDescription } = refund.statusDetails;
  if (state === 'Refunded' || state === 'Completed') return { status: 'succeeded', refundId: refund.refundId };
  if (state === 'Declined') {
    return {
      status: 'failed',
      refundId: refund.refundId,
      code: 'refused',
      message: `Amazon Pay declined the refund (${reasonCode ?? 'no reason given'}${reasonDescription ? `: ${reasonDescription}` : ''}).`,
    };
  }
  return { status: 'pending', refundId: refund.refundId };
}

/** Create Refund's refusals (Amazon's reason codes) as ours. */
export function refundFailureCodeFor(reasonCode: string): RefundFailureCode {
  if (reasonCode === 'TransactionAmountExceeded') return 'amount_too_large';
  if (reasonCode === 'InvalidChargeStatus' || reasonCode === 'TransactionCountExceeded') return 'not_refundable';
  if (reasonCode === 'ResourceNotFound') return 'payment_not_found';
  return 'refused';
}
