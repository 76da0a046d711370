import { describe, expect, it } from 'vitest';
import { accountReturnPath, safeReturnPath } from './safeReturn';

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

describe('accountReturnPath', () => {
  it.each([
    ['/account', '/account'],
    ['/account/', '/account/'],
    ['/account/subscriptions', '/account/subscriptions'],
    ['/account/subscriptions/sub_1?cancel=1', '/account/subscriptions/sub_1?cancel=1'],
    ['/account?tab=orders', '/account?tab=orders'],
  ])('keeps %s', (candidate, expected) => {
    expect(accountReturnPath(candidate)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['account'],
    ['/accounts'],
    ['/accountx/y'],
    ['/vogue/demo-single'],
    ['https://evil.example/account'],
    ['//evil.example/account'],
    ['/\\evil.example/account'],
    ['/account/../vogue/demo-single'],
    ['/account/./x'],
    ['/account/%2e%2e/x'],
    ['/account%2fx'],
    ['/account/x\n'],
    ['/account#frag'],
    ['/account/sign-in'],
    ['/account/sign-in/complete?token=x'],
    [`/account?${'x'.repeat(700)}`],
    ['javascript:alert(1)'],
  ])('falls back to /account for %j', (candidate) => {
    expect(accountReturnPath(candidate)).toBe('/account');
  });
});

/** Dot segments, plain or percent-encoded in any case, and backslashes: each return path falls back. */
const DOT_SEGMENTS = [
  ['..', '/SEG/../x'],
  ['.', '/SEG/./x'],
  ['a trailing ..', '/SEG/..'],
  ['%2e%2e', '/SEG/%2e%2e/x'],
  ['%2E%2E', '/SEG/%2E%2E/x'],
  ['mixed .%2E', '/SEG/.%2E/x'],
  ['mixed %2e.', '/SEG/%2e./x'],
  ['%2e', '/SEG/%2e/x'],
  ['a backslash', '/SEG\\x'],
  ['a backslash dot dot', '/SEG/..\\x'],
] as const;

describe('return paths with dot segments', () => {
  it.each(DOT_SEGMENTS)('the journey’s refuses %s', (_kind, shape) => {
    expect(safeReturnPath('/vogue/demo-single', shape.replace('/SEG', '/vogue/demo-single/cart'))).toBe('/vogue/demo-single');
  });
  it.each(DOT_SEGMENTS)('the account’s refuses %s', (_kind, shape) => {
    expect(accountReturnPath(shape.replace('/SEG', '/account/subscriptions'))).toBe('/account');
  });
  it('the account’s refuses an empty segment that would hide the sign-in page', () => {
    expect(accountReturnPath('/account//sign-in')).toBe('/account');
  });
});
