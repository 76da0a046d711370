/** Display names of the group's brands by slug (SPEC §9: eight brands are mapped). */
export const BRAND_DISPLAY_NAMES = {
  vogue: 'Vogue',
  newyorker: 'The New Yorker',
  wired: 'WIRED',
  gq: 'GQ',
  epicurious: 'Epicurious',
  vanityfair: 'Vanity Fair',
  bonappetit: 'Bon Appétit',
  cntraveler: 'Condé Nast Traveler',
} as const satisfies Record<string, string>;

export type MappedBrandSlug = keyof typeof BRAND_DISPLAY_NAMES;

/** The mapped display name of a brand, else the name the catalogue gives it. */
export function brandDisplayName(slug: string, catalogueName: string): string {
  return Object.hasOwn(BRAND_DISPLAY_NAMES, slug) ? BRAND_DISPLAY_NAMES[slug as MappedBrandSlug] : catalogueName;
}
