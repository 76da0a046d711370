import { z } from 'zod';
import sellersFile from '@/data/sellers.json';
import type { PostalAddress } from '@/lib/geo/addressFormat';

/** How a seller's tax number is named on an invoice: a VAT number, a US employer identification number, a Canadian GST/HST number. */
export const TAX_NUMBER_KINDS = ['vat', 'ein', 'gst-hst'] as const;
export type TaxNumberKind = (typeof TAX_NUMBER_KINDS)[number];

/** The legal entity an invoice is issued by, as the invoice keeps it. */
export interface Seller {
  id: string;
  legalName: string;
  address: PostalAddress;
  taxNumber: { kind: TaxNumberKind; value: string };
}

/** A seller as data/sellers.json lists it: who it is, the brands and markets it sells, and its own invoice series. */
export interface SellerEntry extends Seller {
  /** Its invoices' and credit notes' prefix ("US": US-2026-000001, US-CN-2026-000001). */
  invoicePrefix: string;
  /** The UTC day its own series starts; before it, the one global series numbered its invoices. */
  seriesFrom: string;
  /** Brand slug → the market countries this seller sells it in. */
  markets: Readonly<Record<string, readonly string[]>>;
}

const code = z.string().regex(/^[A-Z]{2}$/);
const sellerSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  legalName: z.string().min(1).max(200),
  address: z.strictObject({
    line1: z.string().min(1),
    city: z.string().min(1),
    postalCode: z.string(),
    country: code,
    region: z.string().optional(),
  }),
  taxNumber: z.strictObject({ kind: z.enum(TAX_NUMBER_KINDS), value: z.string().min(1).max(40) }),
  // Not INV or CN, so that a seller's numbers never meet the global series'.
  invoicePrefix: z
    .string()
    .regex(/^[A-Z]{2,6}$/)
    .refine((prefix) => prefix !== 'INV' && prefix !== 'CN', 'INV and CN are the global series'),
  seriesFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  markets: z.record(z.string(), z.array(code)),
});

/** The sellers of a file's entries; one brand and market sold by two, or two sharing a prefix, is an error in the data. */
export function sellersOf(file: { sellers: unknown }): readonly SellerEntry[] {
  const sellers = z.array(sellerSchema).parse(file.sellers) as SellerEntry[];
  const seen = new Map<string, string>();
  for (const seller of sellers) {
    for (const [brand, markets] of Object.entries(seller.markets)) {
      for (const market of markets) {
        const key = `${brand} in ${market}`;
        if (seen.has(key)) throw new Error(`${key} is sold by both ${seen.get(key)} and ${seller.id}`);
        seen.set(key, seller.id);
      }
    }
  }
  const prefixes = sellers.map((seller) => seller.invoicePrefix);
  if (new Set(prefixes).size !== prefixes.length) throw new Error('two sellers share an invoice prefix');
  return sellers;
}

const SELLERS = sellersOf(sellersFile);

/** Who sells `brand` in `market` (a country code), or null where no seller is named. */
export function sellerFor(brand: string, market: string, sellers: readonly SellerEntry[] = SELLERS): SellerEntry | null {
  return sellers.find((seller) => seller.markets[brand]?.includes(market)) ?? null;
}

/** A seller by its id (the one an invoice names), or null where the data names it no more. */
export function sellerById(id: string, sellers: readonly SellerEntry[] = SELLERS): SellerEntry | null {
  return sellers.find((seller) => seller.id === id) ?? null;
}

/** The market an order belongs to: the country of its locale ("fr-CA": CA), which is its campaign's market. */
export function marketOf(locale: string): string {
  return locale.split('-')[1]?.toUpperCase() ?? '';
}

/** The country of the seller of `brand` to a buyer in `locale`'s market, or null where none is named. */
export const sellerCountryOf = (brand: string, locale: string): string | null =>
  sellerFor(brand, marketOf(locale))?.address.country ?? null;

/** What an invoice keeps of its seller: who it is, not how it numbers or what it sells. */
export function sellerOnInvoice({ id, legalName, address, taxNumber }: SellerEntry): Seller {
  return { id, legalName, address, taxNumber };
}
