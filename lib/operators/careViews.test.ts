import { describe, expect, it } from 'vitest';
import { majorUnits, minorUnits } from './careViews';

describe('the refund form’s amounts', () => {
  it('shows minor units in major ones, with two decimals', () => {
    expect(majorUnits(1250)).toBe('12.50');
    expect(majorUnits(2500)).toBe('25.00');
    expect(majorUnits(7)).toBe('0.07');
  });
  it('reads a typed amount into minor units', () => {
    expect(minorUnits('12.50')).toBe(1250);
    expect(minorUnits(' 12,5 ')).toBe(1250);
    expect(minorUnits('12')).toBe(1200);
    expect(minorUnits('0.07')).toBe(7);
  });
  it('refuses what is no positive amount of at most two decimals', () => {
    for (const text of ['', '0', '0.00', '-1', '1.234', 'abc', '1e3', '$5', '1.']) expect(minorUnits(text), text).toBeNull();
  });
});
