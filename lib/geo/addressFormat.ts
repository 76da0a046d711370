import addressFormats from '@/data/address-formats.json';

/** An address a postman can use: the street, the city, the postal code, the country and, where it has them, the region. */
export interface PostalAddress {
  line1: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The subdivision's code ("TX", "QC") where the country's addresses name one; absent where they do not. */
  region?: string;
}

const FORMATS: Readonly<Record<string, { fmt: string; require?: string }>> = addressFormats.countries;
const DEFAULT_FORMAT = FORMATS.ZZ!.fmt;

/** What fills an address's layout: its own fields, and the recipient's name and company where they are written. */
export interface AddressParts {
  /** The country's name in the reader's language: the last line. */
  countryName: string;
  name?: string;
  organization?: string;
}

/**
 * The address as an envelope shows it, in its country's order (Google's i18n address data:
 * "Austin, TX 78701" in the US, "10115 Berlin" in Germany), one line per entry, the country's
 * name last. Separators between fields are kept only between fields that are there.
 */
export function addressLines(address: PostalAddress, parts: AddressParts): string[] {
  const fields: Readonly<Record<string, string>> = {
    N: parts.name ?? '',
    O: parts.organization ?? '',
    A: address.line1,
    C: address.city,
    S: address.region ?? '',
    Z: address.postalCode,
  };
  const layout = FORMATS[address.country]?.fmt ?? DEFAULT_FORMAT;
  const lines = layout
    .split('%n')
    .map((line) => lineOf(line, fields))
    .filter((line) => line !== '');
  return [...lines, parts.countryName];
}

/** One line of the layout: "%C, %S %Z" with its fields filled, its literals kept only where their field is. */
function lineOf(layout: string, fields: Readonly<Record<string, string>>): string {
  // Alternating literal, field code, literal, …: split's capture group keeps the codes.
  const pieces = layout.split(/%([A-Z])/);
  let out = '';
  let written = false;
  for (let index = 1; index < pieces.length; index += 2) {
    const value = (fields[pieces[index]!] ?? '').trim();
    if (!value) continue;
    // The literal before a field: ", " between two; before the first only when it opens the line ("CH-").
    out += (written || index === 1 ? pieces[index - 1]! : '') + value;
    written = true;
    const after = pieces[index + 1]!;
    if (index + 2 >= pieces.length) out += after.trimEnd();
  }
  return out.trim();
}
