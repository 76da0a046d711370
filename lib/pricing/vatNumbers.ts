import { EU_COUNTRIES } from '@/lib/geo/euCountries';

/**
 * VAT numbers' shapes per country: the EU's (as the Commission's VIES checks them before
 * asking the member state), the UK's, Switzerland's and Norway's. A shape is all that can be
 * checked here: no online check (VIES) is reachable, so a number of the right shape is kept
 * unverified, and VAT is charged until finance verifies it (docs/addresses.md).
 */
interface VatShape {
  /** What the number starts with: the country code, but EL for Greece and CHE for Switzerland (Austria's numbers then start with U). */
  prefix: string;
  /** The rest, after the prefix, with spaces, dots and hyphens taken out. */
  body: RegExp;
  example: string;
}

const SHAPES: Readonly<Record<string, VatShape>> = {
  AT: { prefix: 'AT', body: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { prefix: 'BE', body: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { prefix: 'BG', body: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { prefix: 'CY', body: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { prefix: 'CZ', body: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { prefix: 'DE', body: /^\d{9}$/, example: 'DE123456789' },
  DK: { prefix: 'DK', body: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefix: 'EE', body: /^\d{9}$/, example: 'EE123456789' },
  ES: { prefix: 'ES', body: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  FI: { prefix: 'FI', body: /^\d{8}$/, example: 'FI12345678' },
  FR: { prefix: 'FR', body: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FR12345678901' },
  GR: { prefix: 'EL', body: /^\d{9}$/, example: 'EL123456789' },
  HR: { prefix: 'HR', body: /^\d{11}$/, example: 'HR12345678901' },
  HU: { prefix: 'HU', body: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefix: 'IE', body: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567WA' },
  IT: { prefix: 'IT', body: /^\d{11}$/, example: 'IT12345678901' },
  LT: { prefix: 'LT', body: /^(?:\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefix: 'LU', body: /^\d{8}$/, example: 'LU12345678' },
  LV: { prefix: 'LV', body: /^\d{11}$/, example: 'LV12345678901' },
  MT: { prefix: 'MT', body: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefix: 'NL', body: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefix: 'PL', body: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefix: 'PT', body: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefix: 'RO', body: /^\d{2,10}$/, example: 'RO1234567890' },
  SE: { prefix: 'SE', body: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { prefix: 'SI', body: /^\d{8}$/, example: 'SI12345678' },
  SK: { prefix: 'SK', body: /^\d{10}$/, example: 'SK1234567890' },
  GB: { prefix: 'GB', body: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, example: 'GB123456789' },
  CH: { prefix: 'CHE', body: /^\d{9}(?:MWST|TVA|IVA)?$/, example: 'CHE-123.456.789 MWST' },
  NO: { prefix: 'NO', body: /^\d{9}(?:MVA)?$/, example: 'NO123456789MVA' },
};

export { EU_COUNTRIES };

/** Whether buyers of the country have VAT numbers to give (the field is asked for there only). */
export function hasVatNumbers(country: string): boolean {
  return Object.hasOwn(SHAPES, country);
}

/** An example of the country's VAT number, for a refusal to name; null where it has none. */
export function vatNumberExample(country: string): string | null {
  return Object.hasOwn(SHAPES, country) ? SHAPES[country]!.example : null;
}

/**
 * The VAT number as it is kept, "DE123456789", if `typed` has the country's shape; null if
 * not (or the country has none). Spaces, dots and hyphens are dropped, case does not matter,
 * and the prefix may be left out ("123456789" in Germany).
 */
export function normalVatNumber(country: string, typed: string): string | null {
  const shape = Object.hasOwn(SHAPES, country) ? SHAPES[country]! : null;
  if (!shape) return null;
  const compact = typed.toUpperCase().replace(/[\s.-]/g, '');
  const body = compact.startsWith(shape.prefix) ? compact.slice(shape.prefix.length) : compact;
  return shape.body.test(body) ? `${shape.prefix}${body}` : null;
}
