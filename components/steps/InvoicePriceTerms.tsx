import type { CurrencyCode } from '@/lib/pricing/currencies';
import { priceOverTime } from '@/lib/i18n/priceOverTime';
import { useWords } from '@/components/shell/I18n';
import type { QuoteLine } from '@/lib/pricing/quote';
import { orderPriceTerms } from '@/lib/checkout/orderPriceTerms';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';

interface InvoicePriceTermsProps {
  offer: OrderSnapshot['offer'];
  lines: readonly QuoteLine[];
  currencyCode: CurrencyCode;
}

/** The plan's price over time under an invoice's rows: "Vogue Digital: First year $25, then $50 a year." */
export function InvoicePriceTerms({ offer, lines, currencyCode }: InvoicePriceTermsProps) {
  const words = useWords();
  const terms = orderPriceTerms(offer, lines, currencyCode);
  if (!terms) return null;
  return <p data-testid="invoice-price-terms">{words.t('order.priceTerms', { offer: offer.name, terms: priceOverTime(words, terms) })}</p>;
}
