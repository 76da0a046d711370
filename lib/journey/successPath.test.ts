import { describe, expect, it } from 'vitest';
import { successPathFor } from './successPath';

describe('successPathFor', () => {
  it.each([
    ['/vogue/demo-single/credit-card', '/vogue/demo-single/success'],
    ['/vogue/demo-single/credit-card?livemode=false&source=x', '/vogue/demo-single/success?livemode=false&source=x'],
  ])('%s → %s', (from, to) => {
    expect(successPathFor(from)).toBe(to);
  });
});
