import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_IDS } from '@/lib/payments/methods';
import { SERVER_RENEWALS } from '@/lib/server/payments/renewalRegistry';

/**
 * A provider is one folder per side (lib/payments/<provider>/, lib/server/payments/<provider>/,
 * components/payment-methods/<provider>/), found by the rest through the registries. Nothing
 * else in the product names one, by its id or by importing its folder: adding a provider
 * touches its folders, the registries and its webhook route, and nothing else
 * (docs/payments-and-wallets.md#adding-a-provider). Tests may name providers.
 */
const ROOT = join(__dirname, '..', '..');
const PRODUCT = ['lib', 'components', 'pages'];

const foldersOf = (parent: string) =>
  readdirSync(join(ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The providers' folders: each folder of lib/server/payments is one (the sandbox, the stand-in of them all, too). */
const PROVIDER_FOLDERS = foldersOf('lib/server/payments');
/** Where the payment methods' units live: each folder under these is a provider's or a method's own (the express wallets'). */
const PROVIDER_PARENTS = ['lib/payments', 'lib/server/payments', 'components/payment-methods'];

/**
 * The providers' ids, methods' and gateways' alike, from the registries: every one but the
 * card (a method every provider of cards takes) and the sandbox (test mode's own word).
 */
const PROVIDER_IDS = [...new Set<string>([...PAYMENT_METHOD_IDS, ...SERVER_RENEWALS.flatMap((declared) => declared.gateways)])].filter(
  (id) => id !== 'card' && id !== 'sandbox',
);

/** Where naming a provider is the job: the registries and what they are built from, and each provider's webhook route. */
const ALLOWED = [
  // The registries.
  'lib/payments/methods.ts',
  'lib/server/payments/methodRegistry.ts',
  'lib/server/payments/renewalRegistry.ts',
  'components/payment-methods/registry.tsx',
  // The gateway interface: the union of the gateways' names and of the instruments they renew on.
  'lib/server/payments/PaymentGateway.ts',
  // The step registries: Amazon Pay's return page is a step of the journey.
  'lib/journey/steps.ts',
  'lib/server/ssr/stepLoaders.ts',
  'components/steps/stepCode.ts',
  'components/steps/registry.tsx',
];
const ALLOWED_FOLDERS = [
  'pages/api/webhooks/',
  // Migrations are history: they keep the ids they were written with.
  'lib/server/db/migrations/',
  ...PROVIDER_PARENTS.flatMap((parent) => foldersOf(parent).map((folder) => `${parent}/${folder}/`)),
];

function productFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const quotedId = new RegExp(`(['"\`])(${PROVIDER_IDS.map(escape).join('|')})\\1`);
/** A key or property named as a provider, unquoted (`paypal: { … }`, `stripe: RefObject<…>`). */
const keyedById = new RegExp(`^\\s*(${PROVIDER_IDS.filter((id) => /^[a-z]\w*$/i.test(id)).join('|')})\\??\\s*:`);
const namesAnId = { test: (line: string) => quotedId.test(line) || keyedById.test(line) };
/** The real providers' folders, as imported: the sandbox's pages and card fields are test mode's, used across the product. */
const PROVIDERS_IMPORTED = PROVIDER_PARENTS.flatMap((parent) =>
  PROVIDER_FOLDERS.filter((folder) => folder !== 'sandbox').map((folder) => `${parent}/${folder}/`),
);
const importPath = /(?:from|import\()\s*['"]([^'"]+)['"]/g;

/** Whether a line of `file` imports a real provider's folder, by the alias or a relative path. */
function importsAProvider(line: string, file = 'lib/x.ts'): boolean {
  return [...line.matchAll(importPath)].some(([, path]) => {
    const resolved = path!.startsWith('@/') ? path!.slice(2) : path!.startsWith('.') ? join(dirname(file), path!) : path!;
    return PROVIDERS_IMPORTED.some((folder) => resolved.startsWith(folder));
  });
}

/** Each line of the product outside the allowed places that names a provider: "file:line: text". */
function providerNamesOutsideTheirPlaces(): string[] {
  const found: string[] = [];
  for (const file of PRODUCT.flatMap(productFiles)) {
    if (ALLOWED.includes(file) || ALLOWED_FOLDERS.some((folder) => file.startsWith(folder))) continue;
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (namesAnId.test(line) || importsAProvider(line, file)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('the providers’ boundary', () => {
  it('knows the providers it guards', () => {
    expect(PROVIDER_IDS).toEqual(expect.arrayContaining(['paypal', 'amazon-pay', 'stripe', 'sandbox-paypal', 'sandbox-amazon-pay']));
    expect(PROVIDER_FOLDERS).toEqual(expect.arrayContaining(['amazonpay', 'paypal', 'sandbox', 'stripe']));
  });

  it('finds a provider named outside its folders, as the rule reads it', () => {
    expect(namesAnId.test("if (gateway === 'stripe') {")).toBe(true);
    expect(importsAProvider("import { x } from '@/lib/server/payments/paypal/paypalEvents';")).toBe(true);
    expect(importsAProvider("  dynamic(() => import('@/components/payment-methods/amazonpay/AmazonPayReturnStep'))")).toBe(true);
    expect(importsAProvider("import { x } from '../payments/stripe/cardMethod';", 'lib/server/checkout/x.ts')).toBe(true);
    expect(importsAProvider("import { x } from '@/lib/payments/sandbox/cardFields';")).toBe(false);
    expect(namesAnId.test("  paypal: { reason: 'PayPal could not take the payment.' },")).toBe(true);
    expect(namesAnId.test('  stripe: RefObject<Handle | null>;')).toBe(true);
    expect(namesAnId.test("const kind = 'stripe-payment-method';")).toBe(false);
  });

  it('has no provider named outside its folders, the registries and its webhook route', () => {
    expect(providerNamesOutsideTheirPlaces()).toEqual([]);
  });

  it('allows only files that exist and still name a provider', () => {
    for (const file of ALLOWED) {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      expect(
        lines.some((line) => namesAnId.test(line) || importsAProvider(line, file)),
        file,
      ).toBe(true);
    }
  });
});
