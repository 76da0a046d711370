import { describe, expect, it } from 'vitest';
import { billingFromForm, billingSchemas, prepareBillingSchemas, validateBilling, type AddressNeeds, type BillingForm } from './billing';

const valid: BillingForm = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Reader',
  country: 'US',
  region: 'NY',
  line1: '',
  city: '',
  postalCode: '',
  deliveryLine1: '',
  deliveryCity: '',
  deliveryPostalCode: '',
};
const billingAddress = { line1: '1 World Trade Center', city: 'New York', postalCode: '10007' };

const DIGITAL: AddressNeeds = { needsAddress: false, deliverySameAsBilling: true };
const PRINT: AddressNeeds = { needsAddress: true, deliverySameAsBilling: true };
const PRINT_ELSEWHERE: AddressNeeds = { needsAddress: true, deliverySameAsBilling: false };

describe('validateBilling', () => {
  it('accepts a complete digital order', () => {
    expect(validateBilling(valid, DIGITAL)).toEqual({});
  });

  it('accepts a complete print order delivered to the billing address', () => {
    expect(validateBilling({ ...valid, ...billingAddress }, PRINT)).toEqual({});
  });

  it.each<[Partial<BillingForm>, AddressNeeds, Record<string, string>]>([
    [{ email: '' }, DIGITAL, { email: 'Enter your email address.' }],
    [{ email: 'ada@' }, DIGITAL, { email: 'Enter a valid email address, like name@example.com.' }],
    [{ firstName: '  ' }, DIGITAL, { firstName: 'Enter your first name.' }],
    [{ lastName: '' }, DIGITAL, { lastName: 'Enter your last name.' }],
    [{ firstName: 'x'.repeat(81) }, DIGITAL, { firstName: 'Your first name must be at most 80 characters.' }],
    [{ country: '' }, DIGITAL, { country: 'Choose your country.' }],
    [{ country: 'RU', region: '' }, DIGITAL, { country: 'Choose your country.' }],
    [{ region: '' }, DIGITAL, { region: 'Choose your state.' }],
    [{ region: 'ZZ' }, DIGITAL, { region: 'Choose your state.' }],
    [{ country: 'CA', region: '' }, DIGITAL, { region: 'Choose your province.' }],
    [{ country: 'GB', region: '' }, DIGITAL, {}],
    [{}, PRINT, { line1: 'Enter your street address.', city: 'Enter your city.', postalCode: 'Enter your postal code.' }],
    [{ line1: '1 Main St', city: 'Albany', postalCode: '12@07' }, PRINT, { postalCode: 'Enter a valid postal code.' }],
    [
      billingAddress,
      PRINT_ELSEWHERE,
      { deliveryLine1: 'Enter your street address.', deliveryCity: 'Enter your city.', deliveryPostalCode: 'Enter your postal code.' },
    ],
    [{ ...billingAddress, deliveryLine1: '4 Times Sq', deliveryCity: 'New York', deliveryPostalCode: '10036' }, PRINT_ELSEWHERE, {}],
  ])('%o (%o) → %o', (change, needs, errors) => {
    expect(validateBilling({ ...valid, ...change }, needs)).toEqual(errors);
  });
});

describe('billingFromForm', () => {
  const form = { ...valid, ...billingAddress, deliveryLine1: '4 Times Sq', deliveryCity: 'New York', deliveryPostalCode: '10036' };

  it('sends no address for a digital order, whatever was typed', () => {
    expect(billingFromForm(form, DIGITAL)).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Reader',
      country: 'US',
      region: 'NY',
    });
  });

  it('sends the billing address alone when the magazine goes there (the server delivers to it)', () => {
    expect(billingFromForm(form, PRINT)).toMatchObject({ address: billingAddress });
    expect(billingFromForm(form, PRINT)).not.toHaveProperty('deliveryAddress');
  });

  it('sends the delivery address when it is elsewhere', () => {
    expect(billingFromForm(form, PRINT_ELSEWHERE)).toMatchObject({
      address: billingAddress,
      deliveryAddress: { line1: '4 Times Sq', city: 'New York', postalCode: '10036' },
    });
  });
});

describe('billingSchemas', () => {
  it('are built once, whoever asks first, and the same ones validate the form', () => {
    prepareBillingSchemas();
    const built = billingSchemas();
    expect(billingSchemas()).toBe(built);
    expect(built.address.safeParse({ line1: '1 Main St', city: 'Albany', postalCode: '12207' }).success).toBe(true);
    expect(built.address.safeParse({ line1: '1 Main St', city: 'Albany', postalCode: '!' }).success).toBe(false);
  });
});
