import { describe, expect, it } from 'vitest';
import { validateBilling, type BillingForm } from './billing';

const valid: BillingForm = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Reader',
  country: 'US',
  region: 'NY',
  line1: '',
  city: '',
  postalCode: '',
};

describe('validateBilling', () => {
  it('accepts a complete digital order', () => {
    expect(validateBilling(valid, false)).toEqual({});
  });

  it('accepts a complete print order', () => {
    expect(validateBilling({ ...valid, line1: '1 World Trade Center', city: 'New York', postalCode: '10007' }, true)).toEqual({});
  });

  it.each([
    [{ email: '' }, false, { email: 'Enter your email address.' }],
    [{ email: 'ada@' }, false, { email: 'Enter a valid email address, like name@example.com.' }],
    [{ firstName: '  ' }, false, { firstName: 'Enter your first name.' }],
    [{ lastName: '' }, false, { lastName: 'Enter your last name.' }],
    [{ firstName: 'x'.repeat(81) }, false, { firstName: 'Your first name must be at most 80 characters.' }],
    [{ country: '' }, false, { country: 'Choose your country.' }],
    [{ country: 'RU', region: '' }, false, { country: 'Choose your country.' }],
    [{ region: '' }, false, { region: 'Choose your state.' }],
    [{ region: 'ZZ' }, false, { region: 'Choose your state.' }],
    [{ country: 'CA', region: '' }, false, { region: 'Choose your province.' }],
    [{ country: 'GB', region: '' }, false, {}],
    [{}, true, { line1: 'Enter your street address.', city: 'Enter your city.', postalCode: 'Enter your postal code.' }],
    [{ line1: '1 Main St', city: 'Albany', postalCode: '12@07' }, true, { postalCode: 'Enter a valid postal code.' }],
  ])('%o (print: %s) → %o', (change, needsAddress, errors) => {
    expect(validateBilling({ ...valid, ...change }, needsAddress)).toEqual(errors);
  });
});
