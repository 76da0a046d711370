import { keptTaxRate, type KeptTaxRate } from '@/lib/pricing/keptTax';
import type { OrderSnapshot } from './transactionView';

/**
 * An order as a transaction's `order_json` keeps it, read as today's: one kept before tax
 * rates had kinds names its tax in English, and reads as that tax's kind.
 */
export function keptOrder(json: string): OrderSnapshot {
  const order = JSON.parse(json) as Omit<OrderSnapshot, 'taxRate'> & { taxRate: KeptTaxRate };
  return { ...order, taxRate: keptTaxRate(order.taxRate) };
}
