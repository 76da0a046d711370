/**
 * `instanceof` across Next's bundled copies of a module. The server context (its gateways,
 * its stores) is made by whichever route's copy of our modules ran first; an error it throws
 * is an instance of that copy's class, not of the copy a route imported. A class that must be
 * recognised across copies carries a mark under a Symbol.for key (the same in every copy)
 * and tests for the mark in its Symbol.hasInstance (see HttpError).
 */
export function carriesMark(value: unknown, mark: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[mark] === true;
}
