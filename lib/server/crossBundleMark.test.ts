import { describe, expect, it } from 'vitest';
import { markedError } from './crossBundleMark';

// Two factory calls with one key stand for two bundled copies of the module that declares the class.
class Declined extends markedError('purchase-journey.test.Declined') {}
class DeclinedCopy extends markedError('purchase-journey.test.Declined') {}
class Unreachable extends markedError('purchase-journey.test.Unreachable') {}
class Refused extends markedError('purchase-journey.test.Refused', Declined) {}
class SpecialDeclined extends Declined {}

describe('markedError', () => {
  it.each([
    { what: 'its own instance', value: new Declined('x'), recognised: true },
    { what: "another copy's instance (same key)", value: new DeclinedCopy('x'), recognised: true },
    { what: 'an instance of a subclass', value: new SpecialDeclined('x'), recognised: true },
    { what: 'an instance of a marked subclass', value: new Refused('x'), recognised: true },
    { what: 'an error marked with another key', value: new Unreachable('x'), recognised: false },
    { what: 'a plain Error', value: new Error('x'), recognised: false },
    { what: 'a plain object', value: { message: 'x' }, recognised: false },
    { what: 'null', value: null, recognised: false },
  ])('a marked class recognises $what: $recognised', ({ value, recognised }) => {
    expect(value instanceof Declined).toBe(recognised);
  });

  it.each([
    { what: "the parent's instance", value: new Declined('x'), recognised: false },
    { what: "another copy's instance of the parent", value: new DeclinedCopy('x'), recognised: false },
    { what: 'its own instance', value: new SpecialDeclined('x'), recognised: true },
  ])('an unmarked subclass keeps the prototype check: $what is $recognised', ({ value, recognised }) => {
    expect(value instanceof SpecialDeclined).toBe(recognised);
  });

  it.each([
    { what: "the parent's instance", value: new Declined('x'), recognised: false },
    { what: 'its own instance', value: new Refused('x'), recognised: true },
    { what: 'an error marked with another key', value: new Unreachable('x'), recognised: false },
  ])('a marked subclass answers by its own mark: $what is $recognised', ({ value, recognised }) => {
    expect(value instanceof Refused).toBe(recognised);
  });

  it('keeps what Error keeps: message, cause, a stack', () => {
    const cause = new Error('underneath');
    const error = new Declined('declined', { cause });
    expect(error).toMatchObject({ message: 'declined', cause });
    expect(error.stack).toContain('declined');
    expect(error).toBeInstanceOf(Error);
  });
});
