import type { ExperimentMark } from '@/lib/experiments/experiment';
import type { Billing } from '@/lib/checkout/billing';
import { deliveryAddressOf } from '@/lib/checkout/deliveryAddressOf';
import type { OrderSnapshot, TransactionStatus, TransactionView } from '@/lib/checkout/transactionView';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { keptTaxLines } from '@/lib/pricing/keptTax';
import type { PaymentMethodId } from '@/lib/payments/methods';
import type { GatewayName } from '@/lib/server/payments/PaymentGateway';

/**
 * The renewal terms a buyer agreed to, as the law wants them kept for proof (California's ARL
 * as amended by AB 2863): the exact text shown, when, and from which client. Orders kept
 * before the client was recorded have none.
 */
export interface ConsentProof {
  text: string;
  givenAt: string;
  client?: { address: string | null; userAgent: string | null };
}

/** A visitor's order and what became of its payment, as the checkout works with it (TransactionRepository maps the table's rows). */
export interface Transaction {
  id: string;
  /** SHA-256 of the attempt's key, which the receipt cookie carries: the order is shown only to its buyer. */
  receiptTokenHash: string;
  campaignId: string;
  brandSlug: string;
  offerId: string;
  order: OrderSnapshot;
  couponCode: string | null;
  paymentMethod: PaymentMethodId;
  gateway: GatewayName;
  gatewayPaymentId: string | null;
  status: TransactionStatus;
  livemode: boolean;
  source: string | null;
  customer: Billing;
  autoRenewalConsent: ConsentProof | null;
  currencyCode: CurrencyCode;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  invoiceNumber: string | null;
  subscriptionId: string | null;
  failureCode: string | null;
  /** The signed-in buyer's verified e-mail, or null. */
  buyerIdentity: string | null;
  /** Whether the card's bank asked for 3-D Secure on the order. */
  authenticationRequested: boolean;
  /** The session id the order's tracking events carried when it was sent. */
  trackingSessionId: string | null;
  /** A checkout's order, or a period its subscription renewed for (lib/server/renewals). */
  kind: 'purchase' | 'renewal';
  /** The campaign version a preview link showed, when bought through one: a test-mode order that no report counts. */
  previewVersion?: number | null;
  /** The experiment and variant the buyer was enrolled in when they bought (issue 41); null outside one. */
  experiment?: ExperimentMark | null;
  /** The period a renewal pays for; null for a purchase. */
  period: { start: string; end: string } | null;
  /** The locale its campaign spoke ("de-DE"): the language and formats of its e-mails. */
  locale: string;
  /** The buyer's IANA time zone ("Europe/Berlin"), where its e-mails show times; UTC when not known. */
  timeZone: string;
  createdAt: string;
  updatedAt: string;
}

/** The SPEC §3 view of a transaction. */
export function transactionView(transaction: Transaction): TransactionView {
  const { order, customer } = transaction;
  return {
    id: transaction.id,
    status: transaction.status,
    livemode: transaction.livemode,
    createdAt: transaction.createdAt,
    offer: order.offer,
    coupon: transaction.couponCode ? { code: transaction.couponCode } : null,
    paymentMethod: order.payment,
    subscription: transaction.subscriptionId ? { id: transaction.subscriptionId } : null,
    // markSucceeded queues the acknowledgment exactly when the order kept an origin to link from.
    confirmationEmailed: transaction.status === 'succeeded' && Boolean(order.acknowledgment?.origin),
    invoice: {
      invoiceNumber: transaction.invoiceNumber,
      currencyCode: transaction.currencyCode,
      lines: order.lines,
      subtotal: transaction.subtotal,
      tax: transaction.tax,
      taxRate: order.taxRate,
      taxLines: keptTaxLines(order.taxRate, transaction.tax, order.taxLines),
      summaryTotal: { total: transaction.total, discount: { amount: transaction.discount, promoCode: transaction.couponCode } },
    },
    customer: {
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      country: customer.country,
      // Orders placed before delivery addresses were kept apart went to their billing address.
      deliveryAddress: order.offer.isPrintOffer ? deliveryAddressOf(customer) : null,
    },
  };
}
