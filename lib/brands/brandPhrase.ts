/**
 * A brand's name where English puts "the" before it ("the Vogue newsletter"). Names that
 * already begin with "The" ("The New Yorker") take no second article. The brand's own
 * spelling and casing are kept as they are.
 */
/** A name that already begins with "The" ("The New Yorker"). */
export const STARTS_WITH_THE = /^the\s/i;

/** Mid-sentence: "the Vogue", "The New Yorker". */
export function theBrand(name: string): string {
  const brand = name.trim();
  if (!brand) return brand;
  return STARTS_WITH_THE.test(brand) ? brand : `the ${brand}`;
}
