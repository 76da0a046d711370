import { describe, expect, it } from 'vitest';
import { offerEyebrow } from './offerEyebrow';

describe('offerEyebrow', () => {
  it.each([
    ['Print + Digital', true, null],
    ['The New Yorker Print & Digital', true, null],
    ['print edition', true, null],
    ['All Access', true, 'offer.eyebrow.print'],
    ['Édition papier + numérique', true, null],
    ['Édition imprimée', true, null],
    ['Fingerprint Digital', true, 'offer.eyebrow.print'],
    ['Digital', false, null],
  ] as const)('%s (print: %s) → %s', (name, isPrintOffer, expected) => {
    expect(offerEyebrow({ name, isPrintOffer })).toBe(expected);
  });
});
