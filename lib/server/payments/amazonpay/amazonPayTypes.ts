import { z } from 'zod';
import type { AmazonPayRegion } from './amazonPaySigner';

/**
 * The parts of Amazon Pay API v2 objects we read, checked when they arrive (Amazon sends
 * more; unknown fields are dropped). Amazon answers absent values as null, hence nullish.
 */

/** One mode's Amazon Pay account: merchant, store (Login with Amazon client id) and API key pair. */
export interface AmazonPayCredentials {
  merchantId: string;
  storeId: string;
  publicKeyId: string;
  /** PEM (PKCS#8 "PRIVATE KEY" or PKCS#1 "RSA PRIVATE KEY"). */
  privateKey: string;
  region: AmazonPayRegion;
  /** Overrides the region's API host (a local fake in tests); its host becomes x-amz-pay-host. */
  baseUrl?: string | undefined;
  /** Amazon's sandbox; for keys without a LIVE-/SANDBOX- prefix it selects the /sandbox/ path. */
  sandbox: boolean;
}

/** Amounts as Amazon writes them: a decimal string in major units ("25.00") and an ISO 4217 code. */
export const priceSchema = z.object({ amount: z.string(), currencyCode: z.string() });
export type Price = z.infer<typeof priceSchema>;

const statusDetailsSchema = z.object({
  state: z.string(),
  reasonCode: z.string().nullish(),
  reasonDescription: z.string().nullish(),
});

const merchantMetadataSchema = z.object({
  merchantReferenceId: z.string().nullish(),
  merchantStoreName: z.string().nullish(),
  noteToBuyer: z.string().nullish(),
  customInformation: z.string().nullish(),
});
export type MerchantMetadata = z.infer<typeof merchantMetadataSchema>;

export const checkoutSessionSchema = z.object({
  checkoutSessionId: z.string(),
  webCheckoutDetails: z
    .object({
      checkoutReviewReturnUrl: z.string().nullish(),
      checkoutResultReturnUrl: z.string().nullish(),
      amazonPayRedirectUrl: z.string().nullish(),
    })
    .nullish(),
  paymentDetails: z.object({ paymentIntent: z.string().nullish(), chargeAmount: priceSchema.nullish() }).nullish(),
  merchantMetadata: merchantMetadataSchema.nullish(),
  chargePermissionType: z.string().nullish(),
  /** Open, Completed or Canceled. */
  statusDetails: statusDetailsSchema,
  /** What still stops checkout (BuyerNotAssociated, ChargeAmountNotSet, …) while Open. */
  constraints: z.array(z.object({ constraintId: z.string(), description: z.string().nullish() })).nullish(),
  chargePermissionId: z.string().nullish(),
  chargeId: z.string().nullish(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const chargeSchema = z.object({
  chargeId: z.string(),
  chargePermissionId: z.string(),
  chargeAmount: priceSchema.nullish(),
  /** AuthorizationInitiated, Authorized, CaptureInitiated, Captured, Canceled or Declined. */
  statusDetails: statusDetailsSchema,
});
export type Charge = z.infer<typeof chargeSchema>;

export const chargePermissionSchema = z.object({
  chargePermissionId: z.string(),
  chargePermissionType: z.string().nullish(),
  merchantMetadata: merchantMetadataSchema.nullish(),
  /** Chargeable, NonChargeable or Closed. */
  statusDetails: z.object({ state: z.string(), reasons: z.array(z.object({ reasonCode: z.string() })).nullish() }),
});
export type ChargePermission = z.infer<typeof chargePermissionSchema>;

export const refundSchema = z.object({
  refundId: z.string(),
  chargeId: z.string(),
  refundAmount: priceSchema.nullish(),
  /** RefundInitiated (Amazon's older documents: Pending), then Refunded (Completed) or Declined. */
  statusDetails: statusDetailsSchema,
});
export type Refund = z.infer<typeof refundSchema>;

/** The body of Create Refund: a captured charge, all or part of it. */
export interface CreateRefundBody {
  chargeId: string;
  refundAmount: Price;
  /** Shown on the buyer's statement, at most 16 characters. */
  softDescriptor?: string;
}

/** Amazon's error body: a machine reason and a sentence. */
export const errorBodySchema = z.object({ reasonCode: z.string().optional(), message: z.string().optional() });

export type PaymentIntent = 'Confirm' | 'Authorize' | 'AuthorizeWithCapture';

export interface MerchantMetadataInput {
  merchantReferenceId?: string;
  merchantStoreName?: string;
  noteToBuyer?: string;
  customInformation?: string;
}

/** The body of Update Checkout Session as we send it. */
export interface UpdateCheckoutSessionBody {
  webCheckoutDetails: { checkoutResultReturnUrl: string };
  paymentDetails: { paymentIntent: PaymentIntent; canHandlePendingAuthorization?: boolean; chargeAmount: Price };
  merchantMetadata: MerchantMetadataInput;
}

/** The body of Complete Checkout Session: chargeAmount must equal the session's paymentDetails.chargeAmount. */
export interface CompleteCheckoutSessionBody {
  chargeAmount: Price;
}

/**
 * The body of Create Charge as we send it for a renewal: the amount taken at once on a
 * recurring charge permission, no pending authorisation (the answer is final when it
 * comes), and our reference for the charge.
 */
export interface CreateChargeBody {
  chargePermissionId: string;
  chargeAmount: Price;
  captureNow: true;
  canHandlePendingAuthorization: false;
  merchantMetadata: MerchantMetadataInput;
}
