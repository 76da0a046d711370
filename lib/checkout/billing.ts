import * as z from 'zod/mini';
import { countryList } from '@/lib/geo/countries';
import { regionsOf } from '@/lib/geo/regions';
import { plainText } from '@/lib/text/plainText';

/**
 * The billing information form, validated alike in the browser (per field, on blur and
 * on submit) and on the server. Messages are written for the visitor. Written with Zod
 * Mini: the same schemas, a fraction of the code in the payment step's bundle. Built at
 * first use: building them took 50 ms of the payment step's first load on a phone (4× CPU),
 * which the step now spends in a task of its own after hydrating (prepareBillingSchemas).
 */
function buildSchemas() {
  // Control characters are refused before trimming: a name is stored as typed or not at all.
  const text = (field: string, max: number, empty: string, tooLong: string) =>
    z.string().check(plainText(field), z.trim(), z.minLength(1, empty), z.maxLength(max, tooLong));
  const name = (label: string) => text(label, 80, `Enter your ${label}.`, `Your ${label} must be at most 80 characters.`);

  const address = z.strictObject({
    line1: text('street address', 120, 'Enter your street address.', 'The address must be at most 120 characters.'),
    city: text('city', 80, 'Enter your city.', 'The city must be at most 80 characters.'),
    postalCode: text('postal code', 16, 'Enter your postal code.', 'The postal code must be at most 16 characters.').check(
      z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Enter a valid postal code.'),
    ),
  });

  const allowedCountries = new Set(countryList().map((country) => country.code));

  const billing = z
    .strictObject({
      email: z.pipe(
        z.string().check(z.trim(), z.minLength(1, 'Enter your email address.')),
        z.email('Enter a valid email address, like name@example.com.').check(z.maxLength(254)),
      ),
      firstName: name('first name'),
      lastName: name('last name'),
      country: z.string().check(z.refine((code) => allowedCountries.has(code), 'Choose your country.')),
      region: z.optional(z.string().check(plainText('state or province'))),
      /** Print offers: the billing address, and where the magazine goes when that is elsewhere. */
      address: z.optional(address),
      deliveryAddress: z.optional(address),
    })
    .check(
      z.superRefine((billing, ctx) => {
        const regions = regionsOf(billing.country);
        if (regions.length > 0 && !regions.some((region) => region.code === billing.region)) {
          ctx.addIssue({ code: 'custom', path: ['region'], message: `Choose your ${billing.country === 'CA' ? 'province' : 'state'}.` });
        }
        if (regions.length === 0 && billing.region !== undefined && billing.region !== '') {
          ctx.addIssue({ code: 'custom', path: ['region'], message: 'This country has no regions to choose from.' });
        }
      }),
    );
  /** A print offer's: the billing address is required. */
  const billingWithAddress = z.intersection(billing, z.object({ address }));
  return { address, billing, billingWithAddress };
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
  | 'country'
  | 'region'
  | 'line1'
  | 'city'
  | 'postalCode'
  | 'deliveryLine1'
  | 'deliveryCity'
  | 'deliveryPostalCode';
export type BillingErrors = Partial<Record<BillingField, string>>;

/** The form's fields in the order a visitor fills them, which is the order focus goes to errors. */
export const BILLING_FIELD_ORDER: readonly BillingField[] = [
  'country',
  'region',
  'email',
  'firstName',
  'lastName',
  'line1',
  'city',
  'postalCode',
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
  line1: string;
  city: string;
  postalCode: string;
  /** Print offers whose magazine goes elsewhere than the billing address. */
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
}

/** Turns the form into the billing data the server takes (addresses only when they are needed). */
export function billingFromForm(form: BillingForm, needs: AddressNeeds): unknown {
  const { needsAddress, deliverySameAsBilling } = needs;
  const delivery = needsAddress && !deliverySameAsBilling;
  return {
    email: form.email,
    firstName: form.firstName,
    lastName: form.lastName,
    country: form.country,
    ...(regionsOf(form.country).length ? { region: form.region } : {}),
    ...(needsAddress ? { address: { line1: form.line1, city: form.city, postalCode: form.postalCode } } : {}),
    ...(delivery ? { deliveryAddress: { line1: form.deliveryLine1, city: form.deliveryCity, postalCode: form.deliveryPostalCode } } : {}),
  };
}

const DELIVERY_FIELDS: Record<string, BillingField> = { line1: 'deliveryLine1', city: 'deliveryCity', postalCode: 'deliveryPostalCode' };

/** Validates the form; each field gets its first problem. An empty result means it is fine. */
export function validateBilling(form: BillingForm, needs: AddressNeeds): BillingErrors {
  const { billing, billingWithAddress } = billingSchemas();
  const schema = needs.needsAddress ? billingWithAddress : billing;
  const result = schema.safeParse(billingFromForm(form, needs));
  if (result.success) return {};
  const errors: BillingErrors = {};
  for (const issue of result.error.issues) {
    const [first, second] = issue.path;
    const field = (first === 'address' ? second : first === 'deliveryAddress' ? DELIVERY_FIELDS[String(second)] : first) as BillingField;
    if (BILLING_FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
