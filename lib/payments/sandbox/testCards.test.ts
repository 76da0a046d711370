import { describe, expect, it } from 'vitest';
import { cardBrand, luhnValid, scenarioForCard } from './testCards';

describe('scenarioForCard', () => {
  it.each([
    ['4242 4242 4242 4242', { kind: 'approve' }],
    ['4000 0000 0000 0002', { kind: 'decline', code: 'generic_decline' }],
    ['4000 0000 0000 9995', { kind: 'decline', code: 'insufficient_funds' }],
    ['4000 0000 0000 0069', { kind: 'decline', code: 'expired_card' }],
    ['4000 0000 0000 0127', { kind: 'decline', code: 'incorrect_cvc' }],
    ['4000 0000 0000 3220', { kind: 'authenticate', then: 'approve' }],
    ['4000 0027 6000 3184', { kind: 'authenticate', then: 'approve' }],
    ['4000 0025 0000 3155', { kind: 'authenticate', then: 'approve' }],
    ['4000 0084 0000 1629', { kind: 'authenticate', then: 'decline' }],
    ['4000 0000 0000 5035', { kind: 'provider_unavailable' }],
    ['5555-5555-5555-4444', { kind: 'approve' }],
  ])('%s → %o', (number, scenario) => {
    expect(scenarioForCard(number)).toEqual(scenario);
  });
});

describe('luhnValid', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['4000008400001629', true],
    ['378282246310005', true],
    ['5555 5555 5555 4444', true],
    ['4242424242424241', false],
    ['1234567812345678', false],
    ['4242', false],
    ['42424242424242424242', false],
    ['abcd efgh ijkl mnop', false],
    ['', false],
  ])('%s → %s', (number, valid) => {
    expect(luhnValid(number)).toBe(valid);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'unknown'],
  ])('%s → %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});
