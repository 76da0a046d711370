import { sellerCountryOf } from '@/lib/invoices/seller';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { exemptWhenVerified } from '@/lib/pricing/reverseCharge';
import type { BillingForm } from './billing';

/**
 * What the VAT number field tells a business: VAT is charged on this order either way, and
 * its renewals are charged none once finance verified the number only where the sale is
 * between two member states (lib/pricing/reverseCharge.ts): the seller's (of the brand in the
 * page's market) and the buyer's, goods delivered to another one than the seller's.
 */
export function vatHintKey(
  form: Pick<BillingForm, 'country' | 'deliveryCountry'>,
  where: { brand: string; locale: string; print: boolean; deliverySameAsBilling: boolean },
): MessageKey {
  const sale = {
    business: { country: form.country, vatNumber: null, vatStatus: null },
    sellerCountry: sellerCountryOf(where.brand, where.locale),
    deliveryCountry: where.print ? (where.deliverySameAsBilling ? form.country : form.deliveryCountry || form.country) : null,
  };
  return exemptWhenVerified(sale, where.print) ? 'payment.business.vatHintExempt' : 'payment.business.vatHint';
}
