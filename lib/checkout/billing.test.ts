import { describe, expect, it } from 'vitest';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import {
  billingFromForm,
  billingProblems,
  billingSchemas,
  prepareBillingSchemas,
  validateBilling,
  type AddressNeeds,
  type BillingForm,
} from './billing';
import { submitRequestSchema } from './submitContract';
import { parseRequest } from '@/lib/server/http/apiRoute';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';

const valid: BillingForm = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Reader',
  country: 'US',
  region: 'NY',
  companyName: '',
  vatNumber: '',
  line1: '',
  city: '',
  postalCode: '',
  deliveryCountry: '',
  deliveryRegion: '',
  deliveryLine1: '',
  deliveryCity: '',
  deliveryPostalCode: '',
};
const billingAddress = { line1: '1 World Trade Center', city: 'New York', postalCode: '10007' };
const timesSquare = { deliveryRegion: 'NY', deliveryLine1: '4 Times Sq', deliveryCity: 'New York', deliveryPostalCode: '10036' };

const BUSINESS: AddressNeeds = { needsAddress: false, deliverySameAsBilling: true, business: true };
const berlinBusiness = {
  country: 'DE',
  region: '',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  companyName: 'Acme GmbH',
};
const DIGITAL: AddressNeeds = { needsAddress: false, deliverySameAsBilling: true };
const PRINT: AddressNeeds = { needsAddress: true, deliverySameAsBilling: true };
const PRINT_ELSEWHERE: AddressNeeds = { needsAddress: true, deliverySameAsBilling: false };

/**
 * Every refusal the form can meet (a region where the country has none is the API's alone:
 * the form sends none), one change of a valid form each, with the address needs it is checked with.
 */
const REFUSALS: [Partial<BillingForm>, AddressNeeds][] = [
  [{ email: '' }, DIGITAL],
  [{ email: 'ada@' }, DIGITAL],
  [{ email: `${'a'.repeat(250)}@example.com` }, DIGITAL],
  [{ firstName: '  ', lastName: 'x'.repeat(81) }, DIGITAL],
  [{ firstName: 'x'.repeat(81), lastName: '' }, DIGITAL],
  [{ firstName: 'Ada\nBcc: x', lastName: 'Re\u202eader' }, DIGITAL],
  [{ country: '' }, DIGITAL],
  [{ region: '' }, DIGITAL],
  [{ country: 'CA', region: '' }, DIGITAL],
  [{ region: 'N\tY' }, DIGITAL],
  [{}, PRINT],
  [{ line1: 'x'.repeat(121), city: 'x'.repeat(81), postalCode: 'x'.repeat(17) }, PRINT],
  [{ line1: '1 Main\tSt', city: 'Al\rbany', postalCode: '12\u0000207' }, PRINT],
  [{ line1: '1 Main St', city: 'Albany', postalCode: '12@07' }, PRINT],
  [{ ...billingAddress, deliveryLine1: '', deliveryCity: '', deliveryPostalCode: '' }, PRINT_ELSEWHERE],
  [{ line1: '1 Main St', city: 'Albany', postalCode: 'ABC' }, PRINT],
  [{ ...billingAddress, deliveryLine1: '4 Times Sq', deliveryCity: 'New York', deliveryPostalCode: '1003' }, PRINT_ELSEWHERE],
];

describe('billingProblems', () => {
  it.each(REFUSALS)('keys every refusal of %o (%o), and its English is the API’s', (change, needs) => {
    const english = validateBilling({ ...valid, ...change }, needs);
    const problems = billingProblems({ ...valid, ...change }, needs);
    expect(Object.keys(problems)).toEqual(Object.keys(english));
    expect(Object.keys(problems).length).toBeGreaterThan(0);
    for (const [field, problem] of Object.entries(problems)) {
      expect(problem.id, field).not.toBe('payment.error.field');
      expect(fallbackWords().say(problem), field).toBe(english[field as keyof typeof english]);
    }
  });

  it('finds nothing in a complete form', () => {
    expect(billingProblems({ ...valid, ...billingAddress }, PRINT)).toEqual({});
  });

  it('is worded in the page’s language', () => {
    const problems = billingProblems({ ...valid, email: 'ada@', country: 'CA', region: '' }, DIGITAL);
    const german = serverWords('de-DE');
    expect(german.say(problems.email!)).toBe('Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.');
    expect(german.say(problems.region!)).toBe('Wählen Sie Ihre Provinz.');
    expect(serverWords('fr-FR').say(problems.region!)).toBe('Choisissez votre province.');
    const zip = billingProblems({ ...valid, line1: '1 Main St', city: 'Albany', postalCode: 'ABC' }, PRINT);
    expect(german.say(zip.postalCode!)).toBe('Geben Sie einen gültigen ZIP-Code ein, zum Beispiel 95014.');
  });
});

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
      {
        deliveryRegion: 'Choose your state.',
        deliveryLine1: 'Enter your street address.',
        deliveryCity: 'Enter your city.',
        deliveryPostalCode: 'Enter your postal code.',
      },
    ],
    [{ ...billingAddress, ...timesSquare }, PRINT_ELSEWHERE, {}],
    // A delivery address has its own country and state: the postal code and the state are checked against them.
    [
      { ...billingAddress, ...timesSquare, deliveryCountry: 'CA', deliveryRegion: 'NY' },
      PRINT_ELSEWHERE,
      {
        deliveryRegion: 'Choose your province.',
        deliveryPostalCode: 'Enter a valid postal code, such as H3Z 2Y7.',
      },
    ],
    // A state left over from another country is not sent: the form shows only the regions of its country.
    [{ ...billingAddress, ...timesSquare, deliveryCountry: 'GB', deliveryPostalCode: 'EC1Y 8SY' }, PRINT_ELSEWHERE, {}],
    [
      { ...billingAddress, ...timesSquare, deliveryCountry: 'RU', deliveryPostalCode: '101000' },
      PRINT_ELSEWHERE,
      { deliveryCountry: 'Choose your country.' },
    ],
    [{ ...billingAddress, ...timesSquare, deliveryCountry: 'DE', deliveryRegion: '', deliveryPostalCode: '10115' }, PRINT_ELSEWHERE, {}],
    // Each country's postal codes have their shape (Google's i18n address data), named with an example.
    [{ ...billingAddress, postalCode: 'ABC' }, PRINT, { postalCode: 'Enter a valid ZIP code, such as 95014.' }],
    [{ ...billingAddress, postalCode: '10007-1234' }, PRINT, {}],
    [{ country: 'GB', region: '', line1: '10 Downing St', city: 'London', postalCode: 'sw1a 2aa' }, PRINT, {}],
    [
      { country: 'DE', region: '', line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '1011' },
      PRINT,
      { postalCode: 'Enter a valid postal code, such as 26133.' },
    ],
    [
      { country: 'CA', region: 'QC', line1: '1 rue Sainte-Catherine', city: 'Montréal', postalCode: '90210' },
      PRINT,
      { postalCode: 'Enter a valid postal code, such as H3Z 2Y7.' },
    ],
    [
      { ...billingAddress, ...timesSquare, deliveryPostalCode: 'NY 10036' },
      PRINT_ELSEWHERE,
      { deliveryPostalCode: 'Enter a valid ZIP code, such as 95014.' },
    ],
    // A business buyer: its company named, its VAT number of the country's shape, its billing address asked for.
    [
      { companyName: '' },
      BUSINESS,
      {
        companyName: 'Enter your company’s name.',
        line1: 'Enter your street address.',
        city: 'Enter your city.',
        postalCode: 'Enter your postal code.',
      },
    ],
    [{ ...billingAddress, companyName: 'Acme Inc.' }, BUSINESS, {}],
    [{ ...berlinBusiness, vatNumber: 'DE12345' }, BUSINESS, { vatNumber: 'Enter a valid VAT number, such as DE123456789.' }],
    [{ ...berlinBusiness, vatNumber: 'de 123.456.789' }, BUSINESS, {}],
    // A VAT number typed while in Germany is not sent once the country is one whose buyers have none.
    [{ ...billingAddress, companyName: 'Acme Inc.', vatNumber: 'DE12345' }, BUSINESS, {}],
    // Every field's problem at once: a wrong postal code is said beside a missing e-mail.
    [
      { email: '', ...billingAddress, postalCode: 'ABC' },
      PRINT,
      { email: 'Enter your email address.', postalCode: 'Enter a valid ZIP code, such as 95014.' },
    ],
  ])('%o (%o) → %o', (change, needs, errors) => {
    expect(validateBilling({ ...valid, ...change }, needs)).toEqual(errors);
  });
});

describe('billingFromForm', () => {
  const form = { ...valid, ...billingAddress, ...timesSquare };

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

  it("sends a business's company with its billing address, and the VAT number only where the country has them", () => {
    const business = { ...form, companyName: 'Acme Inc.', vatNumber: 'DE123456789' };
    expect(billingFromForm(business, BUSINESS)).toMatchObject({ company: { name: 'Acme Inc.' }, address: billingAddress });
    expect((billingFromForm(business, BUSINESS) as { company: object }).company).not.toHaveProperty('vatNumber');
    expect(billingFromForm({ ...business, ...berlinBusiness, vatNumber: 'DE123456789' }, BUSINESS)).toMatchObject({
      company: { name: 'Acme GmbH', vatNumber: 'DE123456789' },
    });
    expect(billingFromForm(business, DIGITAL)).not.toHaveProperty('company');
  });

  it('sends the delivery address when it is elsewhere', () => {
    expect(billingFromForm(form, PRINT_ELSEWHERE)).toMatchObject({
      address: billingAddress,
      deliveryAddress: { line1: '4 Times Sq', city: 'New York', postalCode: '10036', country: 'US', region: 'NY' },
    });
  });

  it('sends the delivery country chosen, and a region only where that country has them', () => {
    const abroad = { ...form, deliveryCountry: 'DE', deliveryRegion: 'NY', deliveryPostalCode: '10115' };
    expect(billingFromForm(abroad, PRINT_ELSEWHERE)).toMatchObject({
      deliveryAddress: { line1: '4 Times Sq', city: 'New York', postalCode: '10115', country: 'DE' },
    });
    expect((billingFromForm(abroad, PRINT_ELSEWHERE) as { deliveryAddress: object }).deliveryAddress).not.toHaveProperty('region');
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

  const billed = {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Reader',
    country: 'US',
    region: 'NY',
    address: { line1: '1 Main St', city: 'Albany', postalCode: '12207' },
  };
  const issuesOf = (deliveryAddress: object) =>
    billingSchemas()
      .billingWithAddress.safeParse({ ...billed, deliveryAddress })
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it("check a delivery address's region against its own country", () => {
    const london = { line1: '1 Finsbury Sq', city: 'London', postalCode: 'EC1Y 8SY', country: 'GB' };
    expect(issuesOf(london)).toEqual([]);
    expect(issuesOf({ ...london, region: 'NY' })).toEqual(['deliveryAddress.region: This country has no regions to choose from.']);
    expect(issuesOf({ ...london, country: 'CA', postalCode: 'H3Z 2Y7' })).toEqual(['deliveryAddress.region: Choose your province.']);
  });

  it('refuse a VAT number where buyers have none (the form never sends one there)', () => {
    const parsed = billingSchemas().billingWithAddress.safeParse({ ...billed, company: { name: 'Acme Inc.', vatNumber: '123456789' } });
    expect(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'company.vatNumber: Buyers in this country have no VAT number to give: leave it out.',
    ]);
  });

  it('take a delivery address without a country (an API client from before) as one in the billing country', () => {
    expect(issuesOf({ line1: '4 Times Sq', city: 'New York', postalCode: '10036' })).toEqual([]);
    expect(issuesOf({ line1: '4 Times Sq', city: 'New York', postalCode: 'ABC' })).toEqual([
      'deliveryAddress.postalCode: Enter a valid ZIP code, such as 95014.',
    ]);
  });
});

describe('the submit', () => {
  it("refuses a postal code not of its country's shape with a 400 naming the field, as the form does", () => {
    const billing = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Reader', country: 'US', region: 'NY' };
    const body = submitRequestFixture({ billing: { ...billing, address: { line1: '1 Main St', city: 'Albany', postalCode: 'ABC' } } });
    expect(() => parseRequest(submitRequestSchema, body, 'body')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_body',
        message: 'The request body is not valid: billing.address.postalCode: Enter a valid ZIP code, such as 95014.',
      }),
    );
  });
});
