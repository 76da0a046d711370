import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import { operatorAddBody, tokenCreateBody } from '@/lib/server/operators/operatorSchemas';
import { publicWithdrawalBodySchema } from '@/lib/server/withdrawal/withdrawalRoutes';
import { ACCEPTED_NAMES, REFUSED_CHARACTERS } from '@/tests/fixtures/controlCharacters';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { parseRequest } from './apiRoute';
import { HttpError } from './HttpError';

const address = { line1: '1 Main Street', city: 'London', postalCode: 'SW1A 1AA' };
const checkout = (billing: object) => submitRequestFixture({ billing: { ...submitRequestFixture().billing, ...billing } as never });

/**
 * Every API body that takes a person's name or a postal address, field by field: a control
 * character anywhere in it is a 400 whose message names the field (its path and its words).
 */
const FIELDS: readonly { name: string; schema: z.ZodType; body: (value: string) => unknown; path: string; words: RegExp }[] = [
  {
    name: 'checkout first name',
    schema: submitRequestSchema,
    body: (firstName) => checkout({ firstName }),
    path: 'billing.firstName',
    words: /first name/,
  },
  {
    name: 'checkout last name',
    schema: submitRequestSchema,
    body: (lastName) => checkout({ lastName }),
    path: 'billing.lastName',
    words: /last name/,
  },
  {
    name: 'checkout street address',
    schema: submitRequestSchema,
    body: (line1) => checkout({ address: { ...address, line1 } }),
    path: 'billing.address.line1',
    words: /street address/,
  },
  {
    name: 'checkout city',
    schema: submitRequestSchema,
    body: (city) => checkout({ address: { ...address, city } }),
    path: 'billing.address.city',
    words: /city/,
  },
  {
    name: 'checkout postal code',
    schema: submitRequestSchema,
    body: (postalCode) => checkout({ address: { ...address, postalCode: `SW1A${postalCode.slice(3)}` } }),
    path: 'billing.address.postalCode',
    words: /postal code/,
  },
  {
    name: 'checkout delivery city',
    schema: submitRequestSchema,
    body: (city) => checkout({ address, deliveryAddress: { ...address, city } }),
    path: 'billing.deliveryAddress.city',
    words: /city/,
  },
  {
    name: 'checkout region',
    schema: submitRequestSchema,
    body: (region) => checkout({ country: 'US', region }),
    path: 'billing.region',
    words: /state or province/,
  },
  {
    name: 'withdrawal name',
    schema: publicWithdrawalBodySchema,
    body: (name) => ({ email: 'ada@example.com', invoiceNumber: 'INV-2026-000042', name, livemode: false }),
    path: 'name',
    words: /name/,
  },
  {
    name: 'operator name',
    schema: operatorAddBody,
    body: (name) => ({ email: 'op@example.com', name, role: 'care' }),
    path: 'name',
    words: /name/,
  },
  {
    name: 'API token name',
    schema: tokenCreateBody,
    body: (name) => ({ name, scopes: ['care'] }),
    path: 'name',
    words: /token name/,
  },
];

function refusal(schema: z.ZodType, body: unknown): HttpError {
  try {
    parseRequest(schema, body, 'body');
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('the body was accepted');
}

describe.each(FIELDS)('the $name', ({ schema, body, path, words }) => {
  it.each(REFUSED_CHARACTERS)('refuses %s with a 400 naming the field', (_kind, character) => {
    const error = refusal(schema, body(`Eve${character}Bcc: victim@example.com`));
    expect(error.status).toBe(400);
    expect(error.message).toContain(`${path}:`);
    expect(error.message).toMatch(words);
  });

  it('refuses a control character at either end too, rather than trimming it away', () => {
    expect(refusal(schema, body('Eve\n')).status).toBe(400);
  });
});

describe.each(FIELDS.filter((field) => !/postal code|region/.test(field.name)))('the $name', ({ schema, body }) => {
  it.each(ACCEPTED_NAMES)('accepts %s', (name) => {
    expect(() => parseRequest(schema, body(name), 'body')).not.toThrow();
  });
});
