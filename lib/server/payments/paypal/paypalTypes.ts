/**
 * The parts of PayPal's REST resources this integration sends and reads, with PayPal's own
 * field names (checked against paypal/paypal-rest-api-specifications: checkout_orders_v2,
 * catalogs_products_v1, billing_subscriptions_v1, notifications_webhooks_v1). Subsets only:
 * a field we neither send nor read is left out rather than guessed.
 */

/** PayPal's money: major units as a decimal string with the currency's own decimals ("25.00"). */
export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

/** The body of a non-2xx answer: REST errors carry name/details, OAuth errors error/error_description. */
export interface PayPalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue: string; description?: string; field?: string; value?: string; location?: string }[];
  error?: string;
  error_description?: string;
}

/** POST /v1/oauth2/token (client credentials). */
export interface PayPalAccessToken {
  access_token: string;
  token_type: string;
  /** Seconds. */
  expires_in: number;
  scope?: string;
  app_id?: string;
}

// Orders v2 ------------------------------------------------------------------------------

export type PayPalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

/** payment_source.paypal.experience_context (replaces the deprecated order application_context). */
export interface PayPalExperienceContext {
  brand_name?: string;
  locale?: string;
  shipping_preference?: 'GET_FROM_FILE' | 'NO_SHIPPING' | 'SET_PROVIDED_ADDRESS';
  user_action?: 'CONTINUE' | 'PAY_NOW';
  landing_page?: 'LOGIN' | 'GUEST_CHECKOUT' | 'NO_PREFERENCE';
  return_url?: string;
  cancel_url?: string;
}

export interface PayPalPurchaseUnitRequest {
  reference_id?: string;
  amount: PayPalMoney;
  /** At most 127 characters. */
  description?: string;
  /** Ours, for reconciliation; not shown to the payer. At most 127 characters. */
  custom_id?: string;
  /** Shown to the payer; must be unique per merchant account when PayPal is set to block duplicates. */
  invoice_id?: string;
  soft_descriptor?: string;
}

export interface PayPalOrderRequest {
  intent: 'CAPTURE' | 'AUTHORIZE';
  purchase_units: PayPalPurchaseUnitRequest[];
  payment_source?: { paypal: { experience_context?: PayPalExperienceContext } };
}

export type PayPalCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface PayPalCapture {
  id: string;
  status: PayPalCaptureStatus;
  status_details?: { reason?: string };
  amount?: PayPalMoney;
  custom_id?: string;
  invoice_id?: string;
}

export interface PayPalOrder {
  id: string;
  status: PayPalOrderStatus;
  intent?: 'CAPTURE' | 'AUTHORIZE';
  purchase_units?: {
    reference_id?: string;
    amount?: PayPalMoney;
    custom_id?: string;
    invoice_id?: string;
    payments?: { captures?: PayPalCapture[] };
  }[];
  links?: PayPalLink[];
}

// Catalog products v1 --------------------------------------------------------------------

export interface PayPalProductRequest {
  name: string;
  type: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
  description?: string;
  category?: string;
  home_url?: string;
  image_url?: string;
}

export interface PayPalProduct {
  id: string;
  name: string;
}

// Subscriptions v1: plans ----------------------------------------------------------------

export type PayPalIntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface PayPalBillingCycle {
  /** interval_count at most DAY 365, WEEK 52, MONTH 12, YEAR 1. */
  frequency: { interval_unit: PayPalIntervalUnit; interval_count?: number };
  tenure_type: 'REGULAR' | 'TRIAL';
  sequence: number;
  /** TRIAL: 1–999. REGULAR: 0 means forever. */
  total_cycles?: number;
  /** Left out for a free trial cycle ("A free trial billing cycle does not require a pricing scheme"). */
  pricing_scheme?: { fixed_price: PayPalMoney };
}

export interface PayPalPlanRequest {
  product_id: string;
  name: string;
  description?: string;
  status?: 'CREATED' | 'ACTIVE';
  billing_cycles: PayPalBillingCycle[];
  payment_preferences: {
    auto_bill_outstanding?: boolean;
    setup_fee?: PayPalMoney;
    setup_fee_failure_action?: 'CONTINUE' | 'CANCEL';
    payment_failure_threshold?: number;
  };
  quantity_supported?: boolean;
}

export interface PayPalPlan {
  id: string;
  product_id: string;
  status: 'CREATED' | 'INACTIVE' | 'ACTIVE';
}

// Subscriptions v1: subscriptions --------------------------------------------------------

export type PayPalSubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface PayPalSubscriptionRequest {
  plan_id: string;
  start_time?: string;
  custom_id?: string;
  subscriber?: { email_address?: string; name?: { given_name?: string; surname?: string } };
  /** return_url and cancel_url are required whenever application_context is sent. */
  application_context?: {
    brand_name?: string;
    locale?: string;
    shipping_preference?: 'GET_FROM_FILE' | 'NO_SHIPPING' | 'SET_PROVIDED_ADDRESS';
    /** SUBSCRIBE_NOW: PayPal activates the subscription once approved; CONTINUE: the merchant must. */
    user_action?: 'CONTINUE' | 'SUBSCRIBE_NOW';
    return_url: string;
    cancel_url: string;
  };
}

export interface PayPalSubscription {
  id: string;
  status: PayPalSubscriptionStatus;
  plan_id?: string;
  custom_id?: string;
  billing_info?: {
    outstanding_balance?: PayPalMoney;
    last_payment?: { amount: PayPalMoney; time: string };
    last_failed_payment?: { amount: PayPalMoney; time: string; reason_code?: string };
    failed_payments_count?: number;
    next_billing_time?: string;
  };
  links?: PayPalLink[];
}

// Webhooks v1 ----------------------------------------------------------------------------

/** POST /v1/notifications/verify-webhook-signature: PayPal checks a delivery for us (the remote method). */
export interface PayPalVerifyWebhookSignatureRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  /**
   * The event as parsed JSON: PayPal checks it against its own serialisation, not the bytes
   * that were signed, one reason why paypalWebhook.ts verifies locally over the raw body.
   */
  webhook_event: unknown;
}

export interface PayPalVerifyWebhookSignatureResponse {
  verification_status: 'SUCCESS' | 'FAILURE';
}

// Refunds ---------------------------------------------------------------------------------

/** POST /v2/payments/captures/{id}/refund: all of what is left when amount is absent. */
export interface PayPalCaptureRefundRequest {
  amount?: PayPalMoney;
  /** At most 255 characters, shown to the payer. */
  note_to_payer?: string;
  /** Ours, at most 127 characters. */
  custom_id?: string;
}

/** A refund of a capture (payments_payment_v2). */
export interface PayPalRefund {
  id: string;
  status: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  status_details?: { reason?: string };
  amount?: PayPalMoney;
}

/** POST /v1/payments/sale/{id}/refund: a subscription's payment (a sale) refunded; all of it when amount is absent. */
export interface PayPalSaleRefundRequest {
  amount?: { total: string; currency: string };
  description?: string;
}

/** A refund of a sale (payments v1). */
export interface PayPalSaleRefund {
  id: string;
  state: 'pending' | 'completed' | 'cancelled' | 'failed';
  sale_id?: string;
  amount?: { total: string; currency: string };
}

/** GET /v1/billing/subscriptions/{id}/transactions: the subscription's payments, each a sale. */
export interface PayPalSubscriptionTransactions {
  transactions?: {
    /** The sale's id. */
    id: string;
    status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED';
    time: string;
    amount_with_breakdown?: { gross_amount?: PayPalMoney };
  }[];
}
