import { describe, expect, it } from 'vitest';
import { billingFromForm, billingSchemas, validateBilling, type AddressNeeds, type BillingForm } from './billing';

const PRINT: AddressNeeds = { needsAddress: true, deliverySameAsBilling: true };
const DIGITAL: AddressNeeds = { needsAddress: false, deliverySameAsBilling: true };
const form = (change: Partial<BillingForm>): BillingForm => ({
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Reader',
  country: 'IT',
  region: '',
  companyName: '',
  vatNumber: '',
  line1: 'Via del Corso 1',
  city: 'Roma',
  postalCode: '00186',
  deliveryCountry: '',
  deliveryRegion: '',
  deliveryLine1: '',
  deliveryCity: '',
  deliveryPostalCode: '',
  ...change,
});

describe('addresses as each country has them', () => {
  it('asks an Italian print buyer for the province, from the list', () => {
    expect(validateBilling(form({}), PRINT)).toEqual({ region: 'Choose one from the list.' });
    expect(validateBilling(form({ region: 'Roma' }), PRINT)).toEqual({ region: 'Choose one from the list.' });
    expect(validateBilling(form({ region: 'RM' }), PRINT)).toEqual({});
  });

  it('asks an Italian digital buyer for no province, and sends none', () => {
    expect(validateBilling(form({ line1: '', city: '', postalCode: '' }), DIGITAL)).toEqual({});
    expect(billingFromForm(form({ region: 'RM' }), DIGITAL)).not.toHaveProperty('region');
  });

  it('takes an Irish address without its optional Eircode and county, and checks them when given', () => {
    const dublin = { country: 'IE', line1: '1 O’Connell St', city: 'Dublin', postalCode: '' };
    expect(validateBilling(form(dublin), PRINT)).toEqual({});
    expect(validateBilling(form({ ...dublin, region: 'Co. Dublin', postalCode: 'D01 F5P2' }), PRINT)).toEqual({});
    expect(validateBilling(form({ ...dublin, region: 'Dublin' }), PRINT)).toEqual({ region: 'Choose one from the list.' });
    expect(validateBilling(form({ ...dublin, postalCode: '12' }), PRINT)).toEqual({
      postalCode: 'Enter a valid Eircode, such as A65 F4E2.',
    });
  });

  it('asks for no city where the country’s addresses have none, and sends none typed before the country changed', () => {
    const dubai = { country: 'AE', region: 'Dubai', line1: 'Sheikh Zayed Rd 1', city: 'Berlin', postalCode: '10117' };
    expect(validateBilling(form(dubai), PRINT)).toEqual({});
    expect(billingFromForm(form(dubai), PRINT)).toMatchObject({ address: { line1: 'Sheikh Zayed Rd 1', city: '', postalCode: '' } });
  });

  it('refuses an API client’s city or postal code where the country has none', () => {
    const sent = { email: 'a@example.com', firstName: 'A', lastName: 'B', country: 'AE', region: 'Dubai' };
    const result = billingSchemas().billing.safeParse({ ...sent, address: { line1: 'Sheikh Zayed Rd 1', city: 'Dubai', postalCode: '1' } });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['address.city', 'Addresses in this country have no city: leave it out.'],
      ['address.postalCode', 'Addresses in this country have no postal code: leave it out.'],
    ]);
  });

  it('asks for a typed region where the country requires one and has no list', () => {
    const bogota = { country: 'CO', line1: 'Carrera 7 # 32-16', city: 'Bogotá', postalCode: '' };
    expect(validateBilling(form(bogota), PRINT)).toEqual({ region: 'Fill in this part of the address.' });
    expect(validateBilling(form({ ...bogota, region: 'Cundinamarca' }), PRINT)).toEqual({});
    expect(validateBilling(form({ ...bogota, region: 'x'.repeat(61) }), PRINT)).toEqual({ region: 'This must be at most 60 characters.' });
  });

  it('checks a delivery address in another country by that country’s rules', () => {
    const toMilan = { deliveryCountry: 'IT', deliveryLine1: 'Via Dante 1', deliveryCity: 'Milano', deliveryPostalCode: '20121' };
    const needs = { needsAddress: true, deliverySameAsBilling: false };
    const berlin = { country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' };
    expect(validateBilling(form({ ...berlin, ...toMilan }), needs)).toEqual({ deliveryRegion: 'Choose one from the list.' });
    expect(validateBilling(form({ ...berlin, ...toMilan, deliveryRegion: 'MI' }), needs)).toEqual({});
  });
});
