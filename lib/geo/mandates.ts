/**
 * Auto-renewal mandates by country code: an empty region list means the whole country,
 * otherwise only the listed regions (states, provinces).
 */
export type MandateList = Readonly<Record<string, readonly string[]>>;

/** A mandate applies when the country is a key and its region list is empty or holds the region (SPEC §5). */
export function mandateApplies(mandates: MandateList, country: string, region?: string | null): boolean {
  if (!Object.hasOwn(mandates, country)) return false;
  const regions = mandates[country] ?? [];
  return regions.length === 0 || (region != null && regions.includes(region));
}
