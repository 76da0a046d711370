import * as z from 'zod/mini';
import { isListedCountry } from '@/lib/geo/countryCodes';
import type { MessageDescriptor, MessageKey } from '@/lib/i18n/messageKey';
import { regionsOf } from '@/lib/geo/regions';
import { hasPart, requiresPart, addressLayout } from '@/lib/geo/addressLayout';
import { subdivisionsOf } from '@/lib/geo/subdivisions';
import { isPostalCodeOf, postalCodeRule } from '@/lib/geo/postalCodes';
import { plainText } from '@/lib/text/plainText';
import { hasVatNumbers, normalVatNumber, vatNumberExample } from '@/lib/pricing/vatNumbers';

/**
 * The billing information form, validated alike in the browser (per field, on blur and
 * on submit) and on the server. Each refusal has its message in the catalogues, which the
 * page words in its language (billingProblems); the server's API answers with the English
 * (the same text as messages/en/payment.json, billing.test.ts checks). Written with Zod
 * Mini: the same schemas, a fraction of the code in the payment step's bundle. Built at
 * first use: building them took 50 ms of the payment step's first load on a phone (4× CPU),
 * which the step now spends in a task of its own after hydrating (prepareBillingSchemas).
 */
function buildSchemas() {
  const keyOf = new Map<string, MessageDescriptor>();
  /** A refusal's English, remembered with its message key (and the values it is worded with). */
  const said = (key: MessageKey, english: string, values?: MessageDescriptor['values']) => {
    keyOf.set(english, values ? { id: key, values } : { id: key });
    return english;
  };
  /** A postal code not of its country's shape, named with an example of one (Google's i18n address data). */
  const checkPostalCode = (country: unknown, address: unknown, path: string[], ctx: z.core.$RefinementCtx<unknown>) => {
    const code = (address as { postalCode?: unknown } | undefined)?.postalCode;
    const rule = typeof country === 'string' ? postalCodeRule(country) : null;
    if (!rule || typeof code !== 'string' || code.trim() === '' || isPostalCodeOf(country as string, code)) return;
    // Named as the field is: "ZIP code" in the US, "Eircode" in Ireland.
    const kind = addressLayout(country as string).postalCodeKind;
    const [key, name]: [MessageKey, string] =
      kind === 'zip'
        ? ['payment.error.postalCode.formatZip', 'ZIP code']
        : kind === 'eircode'
          ? ['payment.error.postalCode.formatEircode', 'Eircode']
          : kind === 'pin'
            ? ['payment.error.postalCode.formatPin', 'PIN code']
            : ['payment.error.postalCode.format', 'postal code'];
    const message = said(key, `Enter a valid ${name}, such as ${rule.example}.`, { example: rule.example });
    ctx.addIssue({ code: 'custom', path: [...path, 'postalCode'], message });
  };
  /**
   * The region as the country has it: the US state or Canadian province always (the tax
   * depends on it); elsewhere, with an address, one of the country's list or typed where it
   * has no list, required where its addresses need one; none where its addresses name none.
   */
  const checkRegion = (
    country: string,
    region: string | undefined,
    withAddress: boolean,
    path: string[],
    ctx: z.core.$RefinementCtx<unknown>,
  ) => {
    const given = region !== undefined && region !== '';
    if (regionsOf(country).length > 0) {
      if (!regionsOf(country).some((candidate) => candidate.code === region)) {
        const message =
          country === 'CA'
            ? said('payment.error.region.province', 'Choose your province.')
            : said('payment.error.region.state', 'Choose your state.');
        ctx.addIssue({ code: 'custom', path, message });
      }
      return;
    }
    if (!hasPart(country, 'region')) {
      if (given)
        ctx.addIssue({ code: 'custom', path, message: said('payment.error.region.none', 'This country has no regions to choose from.') });
      return;
    }
    const layout = addressLayout(country);
    if (!given) {
      if (withAddress && requiresPart(country, 'region')) {
        const message = layout.regionList
          ? said('payment.error.region.choose', 'Choose one from the list.')
          : said('payment.error.region.missing', 'Fill in this part of the address.');
        ctx.addIssue({ code: 'custom', path, message });
      }
      return;
    }
    if (!layout.regionList) {
      if (region.trim().length > 60)
        ctx.addIssue({ code: 'custom', path, message: said('payment.error.region.tooLong', 'This must be at most 60 characters.') });
      return;
    }
    const list = subdivisionsOf(country);
    // The browser loads a country's list when it is chosen and checks once it has it; the
    // server has every list (loadAllSubdivisions) and never lets an unchecked region through.
    if (list === null) {
      if (typeof window === 'undefined') throw new Error(`The regions of ${country} are not loaded: await loadAllSubdivisions() first.`);
      return;
    }
    if (!list.some((candidate) => candidate.code === region))
      ctx.addIssue({ code: 'custom', path, message: said('payment.error.region.choose', 'Choose one from the list.') });
  };
  /** A city and postal code where the country's addresses have them (required where they need them), none where they have none. */
  const checkParts = (country: unknown, address: unknown, path: string[], ctx: z.core.$RefinementCtx<unknown>) => {
    if (typeof country !== 'string' || typeof address !== 'object' || address === null) return;
    const { city, postalCode } = address as { city?: unknown; postalCode?: unknown };
    const empty = (value: unknown) => typeof value === 'string' && value.trim() === '';
    const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
    if (hasPart(country, 'city')) {
      if (requiresPart(country, 'city') && empty(city))
        ctx.addIssue({ code: 'custom', path: [...path, 'city'], message: said('payment.error.city.missing', 'Enter your city.') });
    } else if (filled(city)) {
      const message = said('payment.error.city.none', 'Addresses in this country have no city: leave it out.');
      ctx.addIssue({ code: 'custom', path: [...path, 'city'], message });
    }
    if (hasPart(country, 'postalCode')) {
      if (requiresPart(country, 'postalCode') && empty(postalCode)) {
        const message = said('payment.error.postalCode.missing', 'Enter your postal code.');
        ctx.addIssue({ code: 'custom', path: [...path, 'postalCode'], message });
      }
    } else if (filled(postalCode)) {
      const message = said('payment.error.postalCode.none', 'Addresses in this country have no postal code: leave it out.');
      ctx.addIssue({ code: 'custom', path: [...path, 'postalCode'], message });
    }
  };
  /** A VAT number of the billing country's shape, where it has them; none is asked for elsewhere. */
  const checkVatNumber = (country: unknown, company: unknown, ctx: z.core.$RefinementCtx<unknown>) => {
    const typed = (company as { vatNumber?: unknown } | undefined)?.vatNumber;
    if (typeof country !== 'string' || typeof typed !== 'string' || typed.trim() === '') return;
    const example = vatNumberExample(country);
    if (example === null) {
      const message = said('payment.error.vatNumber.none', 'Buyers in this country have no VAT number to give: leave it out.');
      ctx.addIssue({ code: 'custom', path: ['company', 'vatNumber'], message });
    } else if (normalVatNumber(country, typed) === null) {
      const message = said('payment.error.vatNumber.format', `Enter a valid VAT number, such as ${example}.`, { example });
      ctx.addIssue({ code: 'custom', path: ['company', 'vatNumber'], message });
    }
  };
  const plainLine = (field: string, key: MessageKey) =>
    plainText(field, said(key, `The ${field} must be plain text on one line: no line breaks, tabs or other control characters.`));
  // Control characters are refused before trimming: a name is stored as typed or not at all.
  const text = (field: string, key: MessageKey, max: number, empty: [MessageKey, string], tooLong: [MessageKey, string]) =>
    z.string().check(plainLine(field, key), z.trim(), z.minLength(1, said(...empty)), z.maxLength(max, said(...tooLong)));
  const optionalText = (field: string, key: MessageKey, max: number, tooLong: [MessageKey, string]) =>
    z.string().check(plainLine(field, key), z.trim(), z.maxLength(max, said(...tooLong)));

  const address = z.strictObject({
    line1: text(
      'street address',
      'payment.error.line1.plainText',
      120,
      ['payment.error.line1.missing', 'Enter your street address.'],
      ['payment.error.line1.tooLong', 'The address must be at most 120 characters.'],
    ),
    // Required or left out as the country's addresses have them (checkParts): Japan's name no city.
    city: optionalText('city', 'payment.error.city.plainText', 80, [
      'payment.error.city.tooLong',
      'The city must be at most 80 characters.',
    ]),
    postalCode: optionalText('postal code', 'payment.error.postalCode.plainText', 16, [
      'payment.error.postalCode.tooLong',
      'The postal code must be at most 16 characters.',
    ]).check(z.regex(/^(?:[A-Za-z0-9][A-Za-z0-9 -]*)?$/, said('payment.error.postalCode.invalid', 'Enter a valid postal code.'))),
  });

  /**
   * Where a print subscription goes: an address with its own country and, where the country has
   * them, region; its postal code has that country's shape. Without a country (an API client from
   * before delivery addresses had one) it is in the billing country, which the billing checks.
   */
  const deliveryAddress = z
    .strictObject({
      ...address.shape,
      country: z.optional(
        z.string().check(z.refine((code) => isListedCountry(code), said('payment.error.country.missing', 'Choose your country.'))),
      ),
      region: z.optional(z.string().check(plainLine('state or province', 'payment.error.region.plainText'))),
    })
    .check(
      z.superRefine(
        (delivery, ctx) => {
          // Run on whatever was sent, which may not be an object at all.
          if (typeof delivery !== 'object' || delivery === null || typeof delivery.country !== 'string') return;
          // A country not sold to is refused as such; its address is not checked against it.
          if (!isListedCountry(delivery.country)) return;
          checkRegion(delivery.country, typeof delivery.region === 'string' ? delivery.region : undefined, true, ['region'], ctx);
          checkParts(delivery.country, delivery, [], ctx);
          checkPostalCode(delivery.country, delivery, [], ctx);
        },
        { when: () => true },
      ),
    );

  const billing = z
    .strictObject({
      email: z.pipe(
        z.string().check(z.trim(), z.minLength(1, said('payment.error.email.missing', 'Enter your email address.'))),
        z
          .email(said('payment.error.email.invalid', 'Enter a valid email address, like name@example.com.'))
          .check(z.maxLength(254, said('payment.error.email.tooLong', 'Your email address must be at most 254 characters.'))),
      ),
      firstName: text(
        'first name',
        'payment.error.firstName.plainText',
        80,
        ['payment.error.firstName.missing', 'Enter your first name.'],
        ['payment.error.firstName.tooLong', 'Your first name must be at most 80 characters.'],
      ),
      lastName: text(
        'last name',
        'payment.error.lastName.plainText',
        80,
        ['payment.error.lastName.missing', 'Enter your last name.'],
        ['payment.error.lastName.tooLong', 'Your last name must be at most 80 characters.'],
      ),
      country: z.string().check(z.refine((code) => isListedCountry(code), said('payment.error.country.missing', 'Choose your country.'))),
      region: z.optional(z.string().check(plainLine('state or province', 'payment.error.region.plainText'))),
      /** A business buyer's company and, where the country has them, its VAT number (kept unverified: docs/addresses.md). */
      company: z.optional(
        z.strictObject({
          name: text(
            'company name',
            'payment.error.companyName.plainText',
            120,
            ['payment.error.companyName.missing', 'Enter your company’s name.'],
            ['payment.error.companyName.tooLong', 'The company’s name must be at most 120 characters.'],
          ),
          vatNumber: z.optional(
            z
              .string()
              .check(
                plainLine('VAT number', 'payment.error.vatNumber.plainText'),
                z.trim(),
                z.maxLength(24, said('payment.error.vatNumber.tooLong', 'The VAT number must be at most 24 characters.')),
              ),
          ),
        }),
      ),
      /** Print offers and business buyers: the billing address; print: where the magazine goes when that is elsewhere. */
      address: z.optional(address),
      deliveryAddress: z.optional(deliveryAddress),
    })
    .check(
      z.superRefine((billing, ctx) => {
        checkRegion(billing.country, billing.region, billing.address !== undefined, ['region'], ctx);
        // An invoice to a business names its address.
        if (billing.company && !billing.address) {
          const message = said('payment.error.address.business', 'Enter your billing address: an invoice to a business names it.');
          ctx.addIssue({ code: 'custom', path: ['address'], message });
        }
      }),
      // Checked whatever else is wrong, so that a form shows every field's problem at once.
      z.superRefine(
        (billing, ctx) => {
          // Run on whatever was sent, which may not be an object at all.
          if (typeof billing !== 'object' || billing === null) return;
          checkParts(billing.country, billing.address, ['address'], ctx);
          checkPostalCode(billing.country, billing.address, ['address'], ctx);
          checkVatNumber(billing.country, billing.company, ctx);
          const delivery = billing.deliveryAddress as { country?: unknown } | undefined;
          if (typeof delivery === 'object' && delivery !== null && delivery.country === undefined) {
            checkParts(billing.country, delivery, ['deliveryAddress'], ctx);
            checkPostalCode(billing.country, delivery, ['deliveryAddress'], ctx);
          }
        },
        { when: () => true },
      ),
    );
  /** A print offer's: the billing address is required. */
  const billingWithAddress = z.intersection(billing, z.object({ address }));
  return { address, deliveryAddress, billing, billingWithAddress, keyOf };
}

let schemas: ReturnType<typeof buildSchemas> | null = null;
/** The billing schemas, built at the first call. */
export function billingSchemas(): ReturnType<typeof buildSchemas> {
  return (schemas ??= buildSchemas());
}
/** Builds the schemas now, if not yet built: the payment step calls it once it has hydrated. */
export function prepareBillingSchemas(): void {
  billingSchemas();
}

export type Billing = z.output<ReturnType<typeof buildSchemas>['billing']>;

export type BillingField =
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'vatNumber'
  | 'country'
  | 'region'
  | 'line1'
  | 'city'
  | 'postalCode'
  | 'deliveryCountry'
  | 'deliveryRegion'
  | 'deliveryLine1'
  | 'deliveryCity'
  | 'deliveryPostalCode';
export type BillingErrors = Partial<Record<BillingField, string>>;
export type BillingProblems = Partial<Record<BillingField, MessageDescriptor>>;

/** The form's fields in the order a visitor fills them, which is the order focus goes to errors. */
export const BILLING_FIELD_ORDER: readonly BillingField[] = [
  'country',
  'region',
  'email',
  'firstName',
  'lastName',
  'companyName',
  'vatNumber',
  'line1',
  'city',
  'postalCode',
  'deliveryCountry',
  'deliveryRegion',
  'deliveryLine1',
  'deliveryCity',
  'deliveryPostalCode',
];

export interface BillingForm {
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  region: string;
  /** A business buyer's: its company's name and VAT number. */
  companyName: string;
  vatNumber: string;
  line1: string;
  city: string;
  postalCode: string;
  /** Print offers whose magazine goes elsewhere than the billing address: perhaps another country or state. */
  deliveryCountry: string;
  deliveryRegion: string;
  deliveryLine1: string;
  deliveryCity: string;
  deliveryPostalCode: string;
}

/** Where a print subscription goes: the billing address ("same as billing", the default), or its own. */
export interface AddressNeeds {
  /** A print offer: the billing address is asked for. */
  needsAddress: boolean;
  /** Only for print: the magazine goes to the billing address. */
  deliverySameAsBilling: boolean;
  /** A business buyer: its company is sent, and its billing address is asked for. */
  business?: boolean;
}

/** Turns the form into the billing data the server takes (addresses only when they are needed). */
export function billingFromForm(form: BillingForm, needs: AddressNeeds): unknown {
  const { needsAddress, deliverySameAsBilling, business = false } = needs;
  const delivery = needsAddress && !deliverySameAsBilling;
  // A VAT number only where the country has them (the field is shown there only), and only when typed.
  const vatNumber = hasVatNumbers(form.country) && form.vatNumber.trim() ? { vatNumber: form.vatNumber } : {};
  return {
    email: form.email,
    firstName: form.firstName,
    lastName: form.lastName,
    country: form.country,
    ...(regionsOf(form.country).length || ((needsAddress || business) && hasPart(form.country, 'region')) ? { region: form.region } : {}),
    ...(business ? { company: { name: form.companyName, ...vatNumber } } : {}),
    ...(needsAddress || business ? { address: { line1: form.line1, ...placeOf(form.country, form.city, form.postalCode) } } : {}),
    ...(delivery ? { deliveryAddress: deliveryAddressFromForm(form) } : {}),
  };
}

/** The city and postal code as sent: empty where the country's addresses have none (typed before the country changed). */
function placeOf(country: string, city: string, postalCode: string): { city: string; postalCode: string } {
  return { city: hasPart(country, 'city') ? city : '', postalCode: hasPart(country, 'postalCode') ? postalCode : '' };
}

/** The delivery address the form sends: its own country (the billing one until another is chosen) and region. */
function deliveryAddressFromForm(form: BillingForm) {
  const country = form.deliveryCountry || form.country;
  return {
    line1: form.deliveryLine1,
    ...placeOf(country, form.deliveryCity, form.deliveryPostalCode),
    country,
    ...(hasPart(country, 'region') ? { region: form.deliveryRegion } : {}),
  };
}

const DELIVERY_FIELDS: Record<string, BillingField> = {
  country: 'deliveryCountry',
  region: 'deliveryRegion',
  line1: 'deliveryLine1',
  city: 'deliveryCity',
  postalCode: 'deliveryPostalCode',
};

const COMPANY_FIELDS: Record<string, BillingField> = { name: 'companyName', vatNumber: 'vatNumber' };

/** Each field's first refusal, in the order the schema found them. */
function firstIssues(form: BillingForm, needs: AddressNeeds): Map<BillingField, string> {
  const { billing, billingWithAddress } = billingSchemas();
  const schema = needs.needsAddress || needs.business ? billingWithAddress : billing;
  const result = schema.safeParse(billingFromForm(form, needs));
  const found = new Map<BillingField, string>();
  if (result.success) return found;
  for (const issue of result.error.issues) {
    const [first, second] = issue.path;
    const field = (
      first === 'address'
        ? second
        : first === 'deliveryAddress'
          ? DELIVERY_FIELDS[String(second)]
          : first === 'company'
            ? COMPANY_FIELDS[String(second)]
            : first
    ) as BillingField;
    if (BILLING_FIELD_ORDER.includes(field) && !found.has(field)) found.set(field, issue.message);
  }
  return found;
}

/** Validates the form; each field gets its first problem, in English (the API's words). An empty result means it is fine. */
export function validateBilling(form: BillingForm, needs: AddressNeeds): BillingErrors {
  return Object.fromEntries(firstIssues(form, needs));
}

/** Each field's first problem as a message the page words in its language. An empty result means the form is fine. */
export function billingProblems(form: BillingForm, needs: AddressNeeds): BillingProblems {
  const { keyOf } = billingSchemas();
  const problems: BillingProblems = {};
  // Every refusal the schemas make is keyed; a field refused otherwise (a value of the wrong type) is asked to be checked.
  for (const [field, message] of firstIssues(form, needs)) problems[field] = keyOf.get(message) ?? { id: 'payment.error.field' };
  return problems;
}
