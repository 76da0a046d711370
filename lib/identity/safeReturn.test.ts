import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safeReturn';

const base = '/vogue/demo-single';

describe('safeReturnPath', () => {
  it.each([
    ['/vogue/demo-single', '/vogue/demo-single'],
    ['/vogue/demo-single/cart', '/vogue/demo-single/cart'],
    ['/vogue/demo-single/cart?livemode=false&source=x', '/vogue/demo-single/cart?livemode=false&source=x'],
    ['/vogue/demo-single/credit-card', '/vogue/demo-single/credit-card'],
  ])('keeps %s', (candidate, expected) => {
    expect(safeReturnPath(base, candidate)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/vogue/demo-single'],
    ['//evil.example/vogue/demo-single'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/vogue/demo-single/..%2f..%2fevil'],
    ['/vogue/demo-single/%2e%2e/x'],
    ['/vogue%2fdemo-single/cart'],
    ['/vogue/other-campaign/cart'],
    ['/wired/demo-trial'],
    ['/vogue/demo-single/auth/initiate'],
    ['/vogue/demo-single/auth/complete?token=x'],
    ['/vogue/demo-single/no-such-step'],
    ['javascript:alert(1)'],
    ['/vogue/demo-single\n/cart'],
    ['/vogue/demo-single/cart?x=1#frag'],
    [`/vogue/demo-single/cart?${'x'.repeat(700)}`],
  ])('falls back to the campaign page for %j', (candidate) => {
    expect(safeReturnPath(base, candidate)).toBe(base);
  });
});
