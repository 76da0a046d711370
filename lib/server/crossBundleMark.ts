/**
 * `instanceof` across Next's bundled copies of a module. The server context (its gateways,
 * its stores) is made by whichever route's copy of our modules ran first; an error it throws
 * is an instance of that copy's class, not of the copy a route imported. A class that must be
 * recognised across copies carries a mark under a Symbol.for key (the same in every copy)
 * and tests for the mark in its Symbol.hasInstance: `markedError` writes both.
 */
export function carriesMark(value: unknown, mark: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[mark] === true;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule: a base taken as a parameter is spelled with any[]
type ErrorClass = abstract new (...args: any[]) => Error;

/**
 * The base of an error class recognised across bundled copies by the mark `key`:
 * `class PayPalApiError extends markedError('purchase-journey.PayPalApiError') {…}`.
 * Only the class that extends the base directly answers `instanceof` by the mark; its own
 * subclasses keep the prototype check, so that a subclass never passes for its parent's
 * every instance. `parent` (Error by default) lets a marked class extend another one.
 */
export function markedError(key: string): typeof Error;
export function markedError<Parent extends ErrorClass>(key: string, parent: Parent): Parent;
export function markedError(key: string, parent: ErrorClass = Error): ErrorClass {
  const mark = Symbol.for(key);
  abstract class Marked extends parent {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule, as above
    constructor(...args: any[]) {
      super(...args);
      (this as Record<symbol, unknown>)[mark] = true;
    }

    static [Symbol.hasInstance](this: ErrorClass, value: unknown): boolean {
      if (Object.getPrototypeOf(this) !== Marked) return Function.prototype[Symbol.hasInstance].call(this, value);
      return carriesMark(value, mark);
    }
  }
  return Marked;
}
