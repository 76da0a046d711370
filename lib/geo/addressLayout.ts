import addressFormats from '@/data/address-formats.json';
import type { CountryFormat } from './addressDataSource';

/** The parts of an address a form asks for (the name and company are asked for elsewhere). */
export type AddressPart = 'line1' | 'city' | 'region' | 'postalCode';

export type RegionKind =
  | 'area'
  | 'county'
  | 'department'
  | 'district'
  | 'do_si'
  | 'emirate'
  | 'island'
  | 'oblast'
  | 'parish'
  | 'prefecture'
  | 'province'
  | 'state';
export type PostalCodeKind = 'eircode' | 'pin' | 'postal' | 'zip';
export type CityKind = 'city' | 'district' | 'post_town' | 'suburb';

/** How a country's addresses are asked for, from Google's i18n address data (data/address-formats.json). */
export interface AddressLayout {
  /** The parts its addresses have, in the order they are written in Latin script ("10117 Berlin": postal code, then city). */
  parts: readonly AddressPart[];
  /** The parts an address there cannot do without. */
  required: readonly AddressPart[];
  /** The region is chosen from a list (data/subdivisions), not typed. */
  regionList: boolean;
  regionKind: RegionKind;
  postalCodeKind: PostalCodeKind;
  cityKind: CityKind;
}

const FORMATS: Readonly<Record<string, CountryFormat>> = addressFormats.countries;
const DEFAULTS = FORMATS.ZZ!;
const PART_OF: Readonly<Record<string, AddressPart>> = { A: 'line1', C: 'city', S: 'region', Z: 'postalCode' };
const layouts = new Map<string, AddressLayout>();

/** The layout of `country`'s addresses; a country the data does not name has the data's default one (street and city). */
export function addressLayout(country: string): AddressLayout {
  let layout = layouts.get(country);
  if (layout) return layout;
  const format = Object.hasOwn(FORMATS, country) ? FORMATS[country]! : DEFAULTS;
  const parts: AddressPart[] = [];
  for (const [, code] of (format.lfmt ?? format.fmt).matchAll(/%([A-Z])/g)) {
    const part = PART_OF[code!];
    if (part && !parts.includes(part)) parts.push(part);
  }
  const require = format.require ?? DEFAULTS.require!;
  layout = {
    parts,
    required: parts.filter((part) => [...require].some((code) => PART_OF[code] === part)),
    regionList: format.subdivisions === true,
    regionKind: (format.state ?? DEFAULTS.state) as RegionKind,
    postalCodeKind: (format.zip ?? DEFAULTS.zip) as PostalCodeKind,
    cityKind: (format.locality ?? DEFAULTS.locality) as CityKind,
  };
  layouts.set(country, layout);
  return layout;
}

/** Whether an address in `country` has `part` at all. */
export function hasPart(country: string, part: AddressPart): boolean {
  return addressLayout(country).parts.includes(part);
}

/** Whether an address in `country` cannot do without `part`. */
export function requiresPart(country: string, part: AddressPart): boolean {
  return addressLayout(country).required.includes(part);
}
