import { describe, expect, it } from 'vitest';
import { canonicalJourneyPath, lowerAscii } from './canonicalPath';

const CAMPAIGNS = ['vogue/demo-single', 'newyorker/demo-dual', 'epicurious/demo-preauth'];
const canonical = (path: string, keys: string[] = CAMPAIGNS) => canonicalJourneyPath(path.split('/').slice(1), keys);

describe('canonicalJourneyPath', () => {
  it.each([
    ['/Vogue/demo-single', '/vogue/demo-single'],
    ['/VOGUE/DEMO-SINGLE', '/vogue/demo-single'],
    ['/vogue/Demo-Single/cart', '/vogue/demo-single/cart'],
    ['/Vogue/Demo-Single/Cart', '/vogue/demo-single/cart'],
    ['/vogue/demo-single/CREDIT-CARD/Amazon-Pay', '/vogue/demo-single/credit-card/amazon-pay'],
    ['/NewYorker/demo-dual/My-Success', '/newyorker/demo-dual/my-success'],
    ['/Epicurious/demo-preauth/auth/initiate/Cart', '/epicurious/demo-preauth/auth/initiate/cart'],
  ])('%s → %s', (path, expected) => {
    expect(canonical(path)).toBe(expected);
  });

  it.each([
    ['already lower case (nothing to redirect)', '/vogue/demo-single'],
    ['an unknown brand', '/Elle/demo-single'],
    ['an unknown campaign of a known brand', '/Vogue/no-such-campaign'],
    ['a step that does not exist', '/Vogue/demo-single/Basket'],
    ['the Kelvin sign, which lower-cases to "k" outside ASCII', '/vogue/demo-\u212Aingle'],
    ['a non-ASCII capital', '/VOGÜE/demo-single'],
    ['an underscore', '/Vogue/demo_single'],
  ])('leaves %s alone', (_, path) => {
    expect(canonical(path)).toBeNull();
  });

  it('does not redirect when two campaigns differ only by case: that would be a guess', () => {
    const keys = ['vogue/demo-single', 'vogue/Demo-Single'];
    expect(canonical('/Vogue/DEMO-SINGLE', keys)).toBeNull();
    expect(canonical('/Vogue/demo-single', ['vogue/demo-single'])).toBe('/vogue/demo-single');
  });

  it('lowerAscii folds A–Z and nothing else', () => {
    expect(lowerAscii('AbZ-\u212A-İ-Ü')).toBe('abz-\u212A-İ-Ü');
  });
});
