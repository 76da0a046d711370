import type { Language } from '@/lib/i18n/locales';
import type { MessageKey } from '@/lib/i18n/messageKey';

/** The regions a buyer chooses from where the country has them: US states and Canadian provinces. */
export interface Region {
  code: string;
  name: string;
}

const US_STATES: Region[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));

const CA_PROVINCES: Region[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
].map(([code, name]) => ({ code: code!, name: name! }));

const REGIONS: Readonly<Record<string, readonly Region[]>> = { US: US_STATES, CA: CA_PROVINCES };

/**
 * The names a language gives a state or province where they are not the English ones, as
 * the German and French Wikipedias and Canada's own French names write them ("Kalifornien",
 * « Caroline du Nord », « Colombie-Britannique »). Keyed by country and region code.
 */
const NAMES_IN: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<string, string>>>> = {
  de: {
    'US-CA': 'Kalifornien',
    'CA-NL': 'Neufundland und Labrador',
    'CA-NT': 'Nordwest-Territorien',
    'CA-QC': 'Québec',
  },
  fr: {
    'US-CA': 'Californie',
    'US-DC': 'District de Columbia',
    'US-FL': 'Floride',
    'US-GA': 'Géorgie',
    'US-HI': 'Hawaï',
    'US-LA': 'Louisiane',
    'US-NM': 'Nouveau-Mexique',
    'US-NC': 'Caroline du Nord',
    'US-ND': 'Dakota du Nord',
    'US-PA': 'Pennsylvanie',
    'US-SC': 'Caroline du Sud',
    'US-SD': 'Dakota du Sud',
    'US-VA': 'Virginie',
    'US-WV': 'Virginie-Occidentale',
    'CA-BC': 'Colombie-Britannique',
    'CA-NB': 'Nouveau-Brunswick',
    'CA-NL': 'Terre-Neuve-et-Labrador',
    'CA-NS': 'Nouvelle-Écosse',
    'CA-NT': 'Territoires du Nord-Ouest',
    'CA-PE': 'Île-du-Prince-Édouard',
    'CA-QC': 'Québec',
  },
};

const named = new Map<string, readonly Region[]>();

/**
 * The country's regions named in a language (English by default) and sorted as it sorts
 * ("Caroline du Nord" among the C's in French), or an empty list where the buyer picks none.
 */
export function regionsOf(country: string, language: Language = 'en'): readonly Region[] {
  if (!Object.hasOwn(REGIONS, country)) return [];
  const regions = REGIONS[country]!;
  if (language === 'en') return regions;
  const key = `${country}-${language}`;
  let list = named.get(key);
  if (!list) {
    const names = NAMES_IN[language];
    list = regions
      .map((region) => ({ code: region.code, name: names[`${country}-${region.code}`] ?? region.name }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
    named.set(key, list);
  }
  return list;
}

/** A region's name in a language, or null where the country has no such region. */
export function regionName(country: string, code: string | null | undefined, language: Language = 'en'): string | null {
  return regionsOf(country, language).find((region) => region.code === code)?.name ?? null;
}

/** What the region field is called for a country, and what its empty choice asks for. */
export function regionLabel(country: string): { label: MessageKey; placeholder: MessageKey } {
  return country === 'CA'
    ? { label: 'payment.location.province', placeholder: 'payment.location.chooseProvince' }
    : { label: 'payment.location.state', placeholder: 'payment.location.chooseState' };
}
