import type { Insertable, Selectable } from 'kysely';
import type { Billing } from '@/lib/checkout/billing';
import { keptOrder } from '@/lib/checkout/keptOrder';
import type { CreditNote } from '@/lib/invoices/creditNote';
import type { Invoice, PaidOrder } from '@/lib/invoices/invoice';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PriceTerms } from '@/lib/pricing/introductoryPrice';
import { keptTaxLines, keptTaxRate, type KeptTaxRate } from '@/lib/pricing/keptTax';
import type { TaxLine } from '@/lib/pricing/tax';
import type { CreditNoteTable, InvoiceTable, TransactionTable } from '@/lib/server/db/schema';

/** The paid order an invoice is issued for, from its transaction's row (a renewal names its subscription in renewal_of). */
export function paidOrderOfRow(row: Selectable<TransactionTable>): PaidOrder {
  const customer = JSON.parse(row.customer_json) as Billing;
  return {
    transactionId: row.id,
    subscriptionId: row.subscription_id ?? row.renewal_of,
    livemode: row.livemode === 1,
    kind: row.kind === 'renewal' ? 'renewal' : 'purchase',
    brandSlug: row.brand_slug,
    order: keptOrder(row.order_json),
    customer,
    couponCode: row.coupon_code,
    currencyCode: row.currency_code as CurrencyCode,
    subtotal: row.subtotal,
    discount: row.discount,
    tax: row.tax,
    total: row.total,
  };
}

export function invoiceRow(invoice: Invoice): Insertable<InvoiceTable> {
  return {
    number: invoice.number,
    transaction_id: invoice.transactionId,
    subscription_id: invoice.subscriptionId,
    livemode: invoice.livemode ? 1 : 0,
    kind: invoice.kind,
    issued_at: invoice.issuedAt,
    brand_slug: invoice.brandSlug,
    offer_name: invoice.offerName,
    seller_json: invoice.seller ? JSON.stringify(invoice.seller) : null,
    billed_to_json: JSON.stringify(invoice.billedTo),
    currency_code: invoice.currencyCode,
    lines_json: JSON.stringify(invoice.lines),
    price_terms_json: invoice.priceTerms ? JSON.stringify(invoice.priceTerms) : null,
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    coupon_code: invoice.couponCode,
    tax: invoice.tax,
    tax_rate_json: JSON.stringify(invoice.taxRate),
    tax_lines_json: JSON.stringify(invoice.taxLines),
    total: invoice.total,
    payment_json: JSON.stringify(invoice.payment),
  };
}

export function invoiceOf(row: Selectable<InvoiceTable>): Invoice {
  const taxRate = keptTaxRate(JSON.parse(row.tax_rate_json) as KeptTaxRate);
  return {
    number: row.number,
    transactionId: row.transaction_id,
    subscriptionId: row.subscription_id,
    livemode: row.livemode === 1,
    kind: row.kind,
    issuedAt: row.issued_at,
    brandSlug: row.brand_slug,
    offerName: row.offer_name,
    seller: row.seller_json ? (JSON.parse(row.seller_json) as Invoice['seller']) : null,
    billedTo: JSON.parse(row.billed_to_json) as Invoice['billedTo'],
    currencyCode: row.currency_code as CurrencyCode,
    lines: JSON.parse(row.lines_json) as Invoice['lines'],
    priceTerms: row.price_terms_json ? (JSON.parse(row.price_terms_json) as PriceTerms) : null,
    subtotal: row.subtotal,
    discount: row.discount,
    couponCode: row.coupon_code,
    tax: row.tax,
    taxRate,
    // Invoices issued before migration 0049 kept no lines: theirs is their one tax.
    taxLines: keptTaxLines(taxRate, row.tax, row.tax_lines_json ? (JSON.parse(row.tax_lines_json) as TaxLine[]) : null),
    total: row.total,
    payment: JSON.parse(row.payment_json) as Invoice['payment'],
  };
}

export function creditNoteRow(note: CreditNote): Insertable<CreditNoteTable> {
  return {
    number: note.number,
    refund_id: note.refundId,
    invoice_number: note.invoiceNumber,
    livemode: note.livemode ? 1 : 0,
    issued_at: note.issuedAt,
    currency_code: note.currencyCode,
    amount: note.amount,
    reason: note.reason,
  };
}

export function creditNoteOf(row: Selectable<CreditNoteTable>): CreditNote {
  return {
    number: row.number,
    refundId: row.refund_id,
    invoiceNumber: row.invoice_number,
    livemode: row.livemode === 1,
    issuedAt: row.issued_at,
    currencyCode: row.currency_code as CurrencyCode,
    amount: row.amount,
    reason: row.reason,
  };
}
