import { createHash, createPrivateKey, type KeyObject } from 'node:crypto';
import { HttpError } from '@/lib/server/http/HttpError';
import { inMode, perMode, type PerMode } from '@/lib/server/payments/perMode';
import { outageOr } from '@/lib/server/payments/providerUnavailable';
import type {
  AttemptLookup,
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
  RenewalChargeRequest,
  WalletReturn,
} from '@/lib/server/payments/PaymentGateway';
import { providerRefundKey } from '@/lib/server/payments/refundKey';
import { AmazonPayApiError, AmazonPayClient, type AmazonPayClientOptions } from './amazonPayClient';
import {
  isRenewalDecline,
  refundFailureCodeFor,
  renewalFailureCodeFor,
  resultOfRefund,
  resultOfRenewalCharge,
  resultOfSession,
} from './amazonPayOutcome';
import {
  amazonPayPrice,
  amazonPayReturnUrl,
  chargeAmountFor,
  checkoutSessionPayload,
  renewalChargeBody,
  sessionMarker,
  updateCheckoutSessionBody,
} from './amazonPayPayload';
import { AMAZON_PAY_ALGORITHM, signButtonPayload } from './amazonPaySigner';
import type { AmazonPayCredentials, CheckoutSession } from './amazonPayTypes';

export { amazonPayReturnUrl };
export type { AmazonPayCredentials };

export interface AmazonPayModes {
  live?: AmazonPayCredentials | undefined;
  test?: AmazonPayCredentials | undefined;
}

interface Mode {
  credentials: AmazonPayCredentials;
  client: AmazonPayClient;
  key: KeyObject;
}

/** Amazon's checkout session ids are UUIDs; anything else in a return URL is refused before it reaches a request path. */
const CHECKOUT_SESSION_ID = /^[A-Za-z0-9-]{1,100}$/;

/**
 * Amazon Pay Checkout v2 with a decoupled button. charge() signs the createCheckoutSession
 * payload the button hands to Amazon; the buyer picks how to pay at Amazon and comes back
 * to our review page (resume 'review': we set the amount and send them to Amazon to process
 * it), then to our result page (resume 'result': we complete the session, once).
 *
 * The payment id is the checkout session id. It is the one reference every outcome has (a
 * Canceled session has no charge permission, a free trial has no charge), the one both
 * return URLs carry, and it names this checkout alone: a recurring charge permission also
 * names every later renewal charge, which must never move this transaction. A renewal's
 * payment id is its own charge's id (see renew).
 */
export class AmazonPayGateway implements PaymentGateway {
  readonly name = 'amazon-pay' as const;
  readonly inputKinds = ['amazon-pay'] as const;
  private readonly modes: PerMode<Mode>;

  constructor(credentials: AmazonPayModes, options: AmazonPayClientOptions = {}) {
    this.modes = perMode(credentials, (c: AmazonPayCredentials): Mode => ({
      credentials: c,
      client: new AmazonPayClient(c, options),
      key: createPrivateKey(c.privateKey),
    }));
  }

  /** The API client of a mode, e.g. for the IPN handler's lookups. */
  client(livemode: boolean): AmazonPayClient {
    return this.mode(livemode).client;
  }

  private mode(livemode: boolean): Mode {
    return inMode(this.modes, livemode, 'Amazon Pay is');
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.payment.kind !== 'amazon-pay') throw new HttpError(400, 'payment_method_required', 'Please choose Amazon Pay again.');
    const { credentials, key } = this.mode(request.livemode);
    if (!request.origin) {
      throw new HttpError(
        503,
        'public_origin_missing',
        'Amazon Pay is not available right now: the site address (PUBLIC_ORIGIN) is not configured. Nothing was charged.',
      );
    }
    if (request.amount === 0 && !request.purchase.renewal) {
      // Nothing to pay and nothing to set up: Amazon Pay cannot process an empty one-off order.
      throw new HttpError(400, 'nothing_to_pay', 'Nothing is due for this order, so there is nothing to pay with Amazon Pay.');
    }
    const transactionId = request.metadata.transactionId;
    if (!transactionId) throw new Error('AmazonPayGateway.charge needs metadata.transactionId (the Amazon Pay merchantReferenceId)');
    const payload = checkoutSessionPayload({
      storeId: credentials.storeId,
      reviewReturnUrl: amazonPayReturnUrl(request.origin, request.returnUrl, transactionId, 'review'),
      transactionId,
      currencyCode: request.currencyCode,
      purchase: request.purchase,
    });
    // Serialised once; the string signed is the string returned, byte for byte.
    const payloadJSON = JSON.stringify(payload);
    return {
      status: 'requires_action',
      paymentId: null,
      action: {
        type: 'amazon_pay_checkout',
        payloadJSON,
        signature: signButtonPayload(payloadJSON, key),
        publicKeyId: credentials.publicKeyId,
        algorithm: AMAZON_PAY_ALGORITHM,
      },
    };
  }

  async resume(visit: WalletReturn): Promise<{ redirect: string } | ChargeResult> {
    const { client } = this.mode(visit.livemode);
    const sessionId = checkedSessionId(visit.sessionId);
    const session = await this.sessionFor(client, sessionId, visit);
    if (session.statusDetails.state !== 'Open') return this.settled(session, visit);
    return visit.stage === 'review' ? this.sendToAmazon(client, session, visit) : this.complete(client, session, visit);
  }

  /**
   * An attempt whose charge() answer was lost took no money: charge() calls no Amazon API
   * (it signs the button's payload here), and the visitor never got that payload, so no
   * checkout session exists for it.
   */
  async lookupAttempt(): Promise<AttemptLookup> {
    return { kind: 'nothing' };
  }

  /**
   * A renewal: Create Charge on the recurring charge permission the checkout made, taken at
   * once, under a digest of the renewal try's key (a repeated request charges once). Its
   * payment id is the charge id: unlike the checkout, a renewal has no session, and its
   * charge names it alone. Declines fail (amazonPayOutcome's renewalFailureCodeFor: soft
   * ones processing_error, hard ones wallet_declined); Amazon out of reach throws, and so does
   * a charge still on its way after one more read, for the engine to ask again with the same key.
   */
  async renew(request: RenewalChargeRequest): Promise<ChargeResult> {
    const { instrument } = request;
    if (instrument.kind !== 'amazon-pay') throw new Error(`AmazonPayGateway.renew cannot charge a ${instrument.kind} renewal instrument`);
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
      throw new Error(`AmazonPayGateway.renew needs a positive whole amount in minor units, not ${request.amount}`);
    }
    const { client } = this.mode(request.livemode);
    const body = renewalChargeBody({
      chargePermissionId: instrument.chargePermissionId,
      amount: request.amount,
      currencyCode: request.currencyCode,
      transactionId: request.metadata.transactionId,
      description: request.description,
    });
    let pending: string;
    try {
      const charge = await client.createCharge(body, renewalKey(request.idempotencyKey));
      const now = resultOfRenewalCharge(charge) ?? resultOfRenewalCharge(await client.getCharge(charge.chargeId));
      if (now) return now;
      pending = `Amazon Pay charge ${charge.chargeId} is still ${charge.statusDetails.state}`;
    } catch (error) {
      // Create Charge answers a decline as an error naming its reason: nothing was taken.
      if (error instanceof AmazonPayApiError && isRenewalDecline(error.reasonCode)) {
        return { status: 'failed', paymentId: null, code: renewalFailureCodeFor(error.reasonCode) };
      }
      throw outageOr('amazon-pay', error, isAmazonPayOutage);
    }
    throw new Error(`${pending}; ask again later with the same key`);
  }

  /**
   * Create Refund on the charge a payment took: a renewal's payment id is its charge; a
   * checkout's charge was kept when it completed (else read from its session, which Amazon
   * keeps 30 days). Amazon refunds asynchronously: the answer is pending, settled by
   * refundStatus (a read-back) or the REFUND notification. The key is a digest of the refund's.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const { client } = this.mode(request.livemode);
    try {
      let chargeId = request.kind === 'renewal' ? (request.chargeId ?? request.paymentId) : request.chargeId;
      if (!chargeId) chargeId = (await client.getCheckoutSession(checkedSessionId(request.paymentId))).chargeId ?? null;
      if (!chargeId) {
        return {
          status: 'failed',
          refundId: null,
          code: 'payment_not_found',
          message: `Amazon Pay took no charge with ${request.paymentId}.`,
        };
      }
      const refund = await client.createRefund(
        { chargeId, refundAmount: amazonPayPrice(request.amount, request.currencyCode) },
        providerRefundKey(request.idempotencyKey),
      );
      return { ...resultOfRefund(refund), ...(chargeId === request.chargeId ? {} : { chargeId }) };
    } catch (error) {
      if (error instanceof AmazonPayApiError && !isAmazonPayOutage(error)) {
        return { status: 'failed', refundId: null, code: refundFailureCodeFor(error.reasonCode), message: error.message };
      }
      throw outageOr('amazon-pay', error, isAmazonPayOutage);
    }
  }

  async refundStatus(refundId: string, livemode: boolean): Promise<RefundResult> {
    try {
      return resultOfRefund(await this.mode(livemode).client.getRefund(refundId));
    } catch (error) {
      throw outageOr('amazon-pay', error, isAmazonPayOutage);
    }
  }

  async retrieve(paymentId: string, livemode: boolean): Promise<ChargeResult> {
    const { client } = this.mode(livemode);
    return resultOfSession(await this.read(client, checkedSessionId(paymentId)));
  }

  /** The session, refused when it belongs to another attempt (a session id pasted into another order's return URL). */
  private async sessionFor(client: AmazonPayClient, sessionId: string, visit: WalletReturn): Promise<CheckoutSession> {
    const session = await this.read(client, sessionId);
    if (session.merchantMetadata?.merchantReferenceId !== attemptOf(visit)) {
      throw new HttpError(
        409,
        'amazon_pay_session_mismatch',
        'This Amazon Pay checkout belongs to another order. Nothing was charged for this one.',
      );
    }
    return session;
  }

  /** A Completed or Canceled session answers as it did the first time; a completed one must be for this attempt's amount. */
  private settled(session: CheckoutSession, visit: WalletReturn): ChargeResult {
    const result = resultOfSession(session);
    if (result.status === 'succeeded' && !sameAmount(session, visit)) {
      throw new HttpError(409, 'amazon_pay_session_mismatch', 'This Amazon Pay checkout was for a different amount. Please contact us.');
    }
    return result;
  }

  /** Back from Amazon's review page: set what to charge and where to come back, then on to Amazon to process it. */
  private async sendToAmazon(
    client: AmazonPayClient,
    session: CheckoutSession,
    visit: WalletReturn,
  ): Promise<{ redirect: string } | ChargeResult> {
    const body = updateCheckoutSessionBody({
      resultReturnUrl: visit.resultReturnUrl,
      amount: visit.amount,
      currencyCode: visit.currencyCode,
      purchase: visit.purchase,
      merchantMetadata: { merchantReferenceId: attemptOf(visit), customInformation: sessionMarker(session.checkoutSessionId) },
    });
    let updated: CheckoutSession;
    try {
      updated = await client.updateCheckoutSession(session.checkoutSessionId, body);
    } catch (error) {
      // Canceled meanwhile (24 hours passed, the buyer left at Amazon): answer its state.
      if (error instanceof AmazonPayApiError && error.reasonCode === 'InvalidCheckoutSessionStatus')
        return this.settled(await this.read(client, session.checkoutSessionId), visit);
      throw unavailable(error);
    }
    const redirect = updated.webCheckoutDetails?.amazonPayRedirectUrl;
    if (!redirect) {
      // Amazon still lacks something from the buyer (constraints such as BuyerNotAssociated).
      throw new HttpError(
        409,
        'amazon_pay_incomplete',
        'Amazon Pay has not finished with this checkout. Nothing was charged. Please choose Amazon Pay again.',
      );
    }
    return { redirect };
  }

  /**
   * Back from Amazon once it processed the payment: Complete Checkout Session, which
   * finalises it (Amazon cancels sessions not completed within 24 hours). Only an Open
   * session is completed, under an idempotency key of this attempt and session, so a
   * repeated visit or a retry never completes twice; a completion racing another one is
   * answered by reading the session.
   */
  private async complete(client: AmazonPayClient, session: CheckoutSession, visit: WalletReturn): Promise<ChargeResult> {
    const chargeAmount = chargeAmountFor(visit.amount, visit.currencyCode, visit.purchase);
    try {
      const completed = await client.completeCheckoutSession(
        session.checkoutSessionId,
        { chargeAmount },
        completeKey(visit.idempotencyKey, session.checkoutSessionId),
      );
      return resultOfSession(completed);
    } catch (error) {
      if (!(error instanceof AmazonPayApiError)) throw error;
      if (error.reasonCode === 'CheckoutSessionCanceled' || error.reasonCode === 'InvalidCheckoutSessionStatus') {
        return this.settled(await this.read(client, session.checkoutSessionId), visit);
      }
      // The session's amount is not this attempt's: Amazon finalises nothing, and cancels the session in time.
      if (error.reasonCode === 'AmountMismatch')
        return { status: 'failed', paymentId: session.checkoutSessionId, code: 'processing_error' };
      throw unavailable(error);
    }
  }

  private async read(client: AmazonPayClient, sessionId: string): Promise<CheckoutSession> {
    try {
      return await client.getCheckoutSession(sessionId);
    } catch (error) {
      if (error instanceof AmazonPayApiError && error.status === 404) {
        throw new HttpError(
          404,
          'amazon_pay_session_not_found',
          'This Amazon Pay checkout was not found. Nothing was charged; please choose Amazon Pay again.',
        );
      }
      throw unavailable(error);
    }
  }
}

function checkedSessionId(sessionId: string): string {
  if (!CHECKOUT_SESSION_ID.test(sessionId))
    throw new HttpError(400, 'invalid_checkout_session', 'This Amazon Pay return address is not valid. Nothing was charged.');
  return sessionId;
}

/** Our transaction id, from the attempt= of the result URL that amazonPayReturnUrl built: the merchantReferenceId the session must carry. */
function attemptOf(visit: WalletReturn): string {
  const attempt = new URL(visit.resultReturnUrl).searchParams.get('attempt');
  if (!attempt) throw new Error('WalletReturn.resultReturnUrl must come from amazonPayReturnUrl (it names the attempt)');
  return attempt;
}

function sameAmount(session: CheckoutSession, visit: WalletReturn): boolean {
  const expected = chargeAmountFor(visit.amount, visit.currencyCode, visit.purchase);
  const actual = session.paymentDetails?.chargeAmount;
  return !!actual && Number(actual.amount) === Number(expected.amount) && actual.currencyCode === expected.currencyCode;
}

/** Amazon's idempotency keys are at most 32 characters of [A-Za-z0-9_-]: a digest of the attempt and the session. */
export function completeKey(idempotencyKey: string, sessionId: string): string {
  return createHash('sha256').update(`${idempotencyKey}\ncomplete\n${sessionId}`).digest('hex').slice(0, 32);
}

/** A renewal try's key (`renewal:<subscription>:<period start>:<try>:<card>`) as Amazon takes it: a digest, as completeKey. */
export function renewalKey(idempotencyKey: string): string {
  return createHash('sha256').update(`${idempotencyKey}\nrenewal`).digest('hex').slice(0, 32);
}

/** No answer from Amazon (after the client's retries), or Amazon failing on its side. */
const isAmazonPayOutage = (error: unknown): boolean => error instanceof AmazonPayApiError && (error.status === 0 || error.status >= 500);

/** Amazon out of reach (an outage: try again in a few minutes) or refusing what we send: the visitor can only try again later. */
function unavailable(error: unknown): unknown {
  if (!(error instanceof AmazonPayApiError)) return error;
  if (isAmazonPayOutage(error)) return outageOr('amazon-pay', error, isAmazonPayOutage);
  return new HttpError(502, 'amazon_pay_unavailable', 'Amazon Pay did not answer as expected. Please reload this page in a moment.', [
    `Amazon Pay answered ${error.status || 'nothing'}: ${error.reasonCode}`,
  ]);
}
