import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SANDBOX_CARD_REFUSED, sandboxCardSchema } from './sandboxCardInput';

const PAN = '4242 4242 4242 4242';

describe('sandboxCardSchema', () => {
  it('takes the sandbox card form’s fields where the sandbox takes cards', () => {
    expect(sandboxCardSchema(true).parse({ kind: 'sandbox-card', number: PAN, expiry: '12/34', cvc: '123' })).toEqual({
      kind: 'sandbox-card',
      number: PAN,
      expiry: '12/34',
      cvc: '123',
    });
  });

  it.each([
    ['a well-formed card', { kind: 'sandbox-card', number: PAN, expiry: '12/34', cvc: '123' }],
    // Not even checked: a malformed number gets the same refusal, so nothing about it is read.
    ['a malformed number', { kind: 'sandbox-card', number: 'not a number', expiry: 'x', cvc: [] }],
    ['the kind alone', { kind: 'sandbox-card' }],
  ])('refuses %s elsewhere, on its kind alone, with a message that quotes nothing of it', (_name, card) => {
    const result = sandboxCardSchema(false).safeParse(card);
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ code: 'custom', path: [], message: SANDBOX_CARD_REFUSED })]);
    expect(JSON.stringify(result.error)).not.toMatch(/4242|not a number/);
  });

  it('keeps its place in a discriminated union, so that other kinds still parse', () => {
    const union = z.discriminatedUnion('kind', [sandboxCardSchema(false), z.strictObject({ kind: z.literal('paypal') })]);
    expect(union.parse({ kind: 'paypal' })).toEqual({ kind: 'paypal' });
    expect(union.safeParse({ kind: 'sandbox-card', number: PAN }).error?.issues[0]?.message).toBe(SANDBOX_CARD_REFUSED);
  });
});
