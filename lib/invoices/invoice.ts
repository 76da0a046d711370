import type { Billing } from '@/lib/checkout/billing';
import { deliveryAddressOf } from '@/lib/checkout/deliveryAddressOf';
import type { PostalAddress } from '@/lib/geo/addressFormat';
import type { Seller } from './seller';
import { orderPriceTerms } from '@/lib/checkout/orderPriceTerms';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PriceTerms } from '@/lib/pricing/introductoryPrice';
import { keptTaxLines } from '@/lib/pricing/keptTax';
import type { TaxLine, TaxRate } from '@/lib/pricing/tax';

/** What an invoice is for: a checkout's order, or a period its subscription renewed for. */
export const INVOICE_KINDS = ['purchase', 'renewal'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** One line as the invoice states it, in minor units of its currency. */
export interface InvoiceLine {
  name: string;
  amount: number;
}

/**
 * An invoice as issued (issue 37): numbered once, gap-free per mode and year, and kept as it
 * was when the payment was recorded, so that what it says never follows a later change of
 * the order, the catalogue or the buyer's details.
 */
export interface Invoice {
  /** INV-2026-000042 (INV-TEST-… in test mode). */
  number: string;
  transactionId: string;
  subscriptionId: string | null;
  livemode: boolean;
  kind: InvoiceKind;
  issuedAt: string;
  brandSlug: string;
  offerName: string;
  /** Who issued it (data/sellers.json as it was then); null on invoices issued before sellers were named. */
  seller: Seller | null;
  /**
   * The buyer as billed: the name, e-mail and country given with the order, and the whole
   * billing address where one was asked for (print); where a print order went (its tax's place).
   */
  billedTo: {
    name: string;
    email: string;
    country: string;
    /** A business buyer's company, and its VAT number as given (unverified). */
    company?: { name: string; vatNumber?: string };
    address?: PostalAddress;
    deliveredTo?: PostalAddress;
  };
  currencyCode: CurrencyCode;
  lines: InvoiceLine[];
  /** The plan's price over time as it was bought (a renewal's: the renewal price); null: none to state. */
  priceTerms: PriceTerms | null;
  subtotal: number;
  discount: number;
  /** The coupon the discount came from, named on the invoice. */
  couponCode: string | null;
  tax: number;
  taxRate: TaxRate;
  /** What each of the rate's taxes came to: one row each (Quebec's GST and QST). */
  taxLines: TaxLine[];
  total: number;
  /** How it was paid, as the order kept it (a card's brand and last digits, or the wallet). */
  payment: OrderSnapshot['payment'];
}

/** A paid order, as much of it as its invoice states. */
export interface PaidOrder {
  transactionId: string;
  subscriptionId: string | null;
  livemode: boolean;
  kind: InvoiceKind;
  brandSlug: string;
  order: OrderSnapshot;
  customer: Pick<Billing, 'firstName' | 'lastName' | 'email' | 'country' | 'region' | 'company' | 'address' | 'deliveryAddress'>;
  couponCode: string | null;
  currencyCode: CurrencyCode;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** The invoice of a paid order, numbered and issued at that moment by its seller (null: none named). */
export function issueInvoice(paid: PaidOrder, number: string, issuedAt: string, seller: Seller | null): Invoice {
  const { order, customer } = paid;
  const { address } = customer;
  const deliveredTo = order.offer.isPrintOffer ? deliveryAddressOf(customer) : null;
  return {
    number,
    transactionId: paid.transactionId,
    subscriptionId: paid.subscriptionId,
    livemode: paid.livemode,
    kind: paid.kind,
    issuedAt,
    brandSlug: paid.brandSlug,
    offerName: order.offer.name,
    seller,
    billedTo: {
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      country: customer.country,
      ...(customer.company ? { company: customer.company } : {}),
      ...(address ? { address: { ...address, country: customer.country, ...(customer.region ? { region: customer.region } : {}) } } : {}),
      ...(deliveredTo ? { deliveredTo } : {}),
    },
    currencyCode: paid.currencyCode,
    lines: order.lines.map((line) => ({ name: line.name, amount: line.amount })),
    priceTerms: orderPriceTerms(order.offer, order.lines, paid.currencyCode, paid.kind),
    subtotal: paid.subtotal,
    discount: paid.discount,
    couponCode: paid.couponCode,
    tax: paid.tax,
    taxRate: order.taxRate,
    taxLines: keptTaxLines(order.taxRate, paid.tax, order.taxLines),
    total: paid.total,
    payment: order.payment,
  };
}
