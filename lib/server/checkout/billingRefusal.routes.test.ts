import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';

/**
 * Issue 39: billing details the form would have refused are refused by the submit too, a 400
 * naming each field, in the language the request names, with nothing written.
 */
await serveRoutesWithServerContext(
  { PAYMENTS_SANDBOX: '1' },
  [[/^\/api\/checkout\/submit$/, () => import('@/pages/api/checkout/submit')]],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const submit = async (body: unknown) => {
  const answer = await fetch(`${server.origin}/api/checkout/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as { error: { code: string; message: string; details?: string[] } } };
};

const print = (email: string, postalCode: string) =>
  submitRequestFixture({
    brand: 'newyorker',
    urlSlug: 'demo-dual',
    offerId: '2002',
    returnPath: '/newyorker/demo-dual/credit-card?livemode=false',
    billing: {
      email,
      firstName: 'Ada',
      lastName: 'Reader',
      country: 'US',
      region: 'NY',
      address: { line1: '1 Main St', city: 'Albany', postalCode },
    },
  });

describe('a submit whose billing details are wrong', () => {
  it('is refused naming the field, in English without a language, and writes nothing', async () => {
    const answer = await submit(print('zip@example.com', 'ABC'));
    expect(answer).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_body',
          message: 'Enter a valid ZIP code, such as 95014.',
          details: ['billing.address.postalCode: Enter a valid ZIP code, such as 95014.'],
        },
      },
    });
    const db = await appDb();
    expect(await db.selectFrom('transactions').select('id').where('customer_email', '=', 'zip@example.com').execute()).toEqual([]);
  });

  it('is refused in the language the request names, each field worded once', async () => {
    const german = { ...print('zip.de@example.com', 'ABC'), locale: 'de-DE' };
    german.billing = { ...german.billing, firstName: '' };
    const answer = await submit(german);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Geben Sie Ihren Vornamen ein. Geben Sie einen gültigen ZIP-Code ein, zum Beispiel 95014.');
    expect(answer.body.error.details).toEqual([
      'billing.firstName: Enter your first name.',
      'billing.address.postalCode: Enter a valid ZIP code, such as 95014.',
    ]);
  });

  it.each([undefined, null, 'x', 42, [], { country: 'US', address: 'x' }])(
    'answers a billing of %o with a 400, never a 500',
    async (billing) => {
      const answer = await submit({ ...print('zip.shape@example.com', '12207'), billing });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('invalid_body');
    },
  );

  it('keeps the plain refusal when something the buyer did not type is wrong too', async () => {
    const answer = await submit({ ...print('zip.key@example.com', 'ABC'), idempotencyKey: 'not-a-uuid', locale: 'de-DE' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(
      /^The request body is not valid: idempotencyKey: must be a UUID; billing\.address\.postalCode: /,
    );
  });

  it('is paid once the postal code has its country’s shape', async () => {
    const answer = await submit({ ...print('zip.ok@example.com', '12207'), autoRenewalConsent: true });
    expect(answer).toMatchObject({ status: 200 });
  }, 20_000);
});

/** GQ's German campaign (de-DE, EUR), bought for a business in Germany. */
const german = (
  email: string,
  company: { name: string; vatNumber?: string },
  address?: { line1: string; city: string; postalCode: string },
) =>
  submitRequestFixture({
    brand: 'gq',
    urlSlug: 'demo-de',
    offerId: '4101',
    returnPath: '/gq/demo-de/credit-card?livemode=false',
    locale: 'de-DE',
    billing: { email, firstName: 'Ada', lastName: 'Reader', country: 'DE', company, ...(address ? { address } : {}) },
  });
const berlin = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' };

describe('a business buyer’s submit', () => {
  it('refuses a VAT number not of the country’s shape, and a business without an address, in German, writing nothing', async () => {
    const wrongShape = await submit(german('vat.de@example.com', { name: 'Acme GmbH', vatNumber: 'DE12345' }, berlin));
    expect(wrongShape).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_body',
          message: 'Geben Sie eine gültige USt-IdNr. ein, zum Beispiel DE123456789.',
          details: ['billing.company.vatNumber: Enter a valid VAT number, such as DE123456789.'],
        },
      },
    });
    const noAddress = await submit(german('vat.de@example.com', { name: 'Acme GmbH' }));
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error.message).toBe('Geben Sie Ihre Rechnungsadresse ein: Eine Rechnung an ein Unternehmen nennt sie.');
    const db = await appDb();
    expect(await db.selectFrom('transactions').select('id').where('customer_email', '=', 'vat.de@example.com').execute()).toEqual([]);
  });

  it('keeps the company and its VAT number as VIES writes it, unverified, and puts them on the invoice', async () => {
    const answer = await submit({
      ...german('vat.ok@example.com', { name: 'Acme GmbH', vatNumber: 'de 123 456 789' }, berlin),
      autoRenewalConsent: true,
    });
    expect(answer).toMatchObject({ status: 200 });
    const db = await appDb();
    const row = await db
      .selectFrom('transactions')
      .select(['customer_json', 'invoice_number'])
      .where('customer_email', '=', 'vat.ok@example.com')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.customer_json).company).toEqual({ name: 'Acme GmbH', vatNumber: 'DE123456789' });
    const invoice = await db
      .selectFrom('invoices')
      .select(['number', 'billed_to_json'])
      .where('number', '=', row.invoice_number!)
      .executeTakeFirstOrThrow();
    // GQ in Germany: its German seller's own series.
    expect(invoice.number).toMatch(/^DE-TEST-\d{4}-\d{6}$/);
    expect(JSON.parse(invoice.billed_to_json)).toMatchObject({
      company: { name: 'Acme GmbH', vatNumber: 'DE123456789' },
      address: { ...berlin, country: 'DE' },
    });
  }, 20_000);
});
