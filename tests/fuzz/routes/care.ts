import { newDraft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import { type OperatorCredential, type Route, KiB, HTML_ACCEPT, JSON_HEADERS, withClient, withCredential, sameOrigin } from './common';

/**
 * Customer care's API (/api/operator/care/**) and pages (/admin/care/**). The admin's token
 * carries the care scope, so what lies behind the access check is reached; a marketer's
 * session is refused (403). The writes (cancel, refund) name ids drawn at random in their
 * valid form, which no subscription or payment has: each is refused (404) before anything is
 * written, whatever its body.
 */

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz234567'];
const unknownSubscriptionId = (rng: Rng) => `sub_${Array.from({ length: 16 }, () => rng.pick(ALPHABET)).join('')}`;
const unknownTransactionId = (rng: Rng) => `txn_fuzz_${rng.hex(24)}`;

const careCredential = (rng: Rng) =>
  rng.weighted<OperatorCredential>([
    ['admin-token', 10],
    ['admin-session', 4],
    ['marketer-session', 2],
    ['wrong-token', 1],
    ['wrong-session', 1],
    ['none', 1],
  ]);

const searchQuery = (rng: Rng) =>
  rng.pick([
    [`q=${rng.pick(['someone%40example.com', 'SOMEONE%40EXAMPLE.COM', '%20a%40b.example%20'])}`],
    [`q=${rng.pick(['INV-2026-000001', 'inv-test-2026-000001', 'CN-TEST-2026-000001'])}`],
    [`q=${rng.pick(['', '%20', 'x'.repeat(255), '%00', '%25', "'%20OR%201%3D1--"])}`],
    null,
  ]);

const subscriptionId = (rng: Rng) =>
  rng.chance(0.8) ? unknownSubscriptionId(rng) : rng.pick(['sub_x', 'SUB_AAAAAAAAAAAAAAAA', 'sub_', '%00', 'x'.repeat(300)]);

const transactionId = (rng: Rng) =>
  rng.chance(0.8) ? unknownTransactionId(rng) : rng.pick(['txn_', 'TXN_x', 'txn_%2F..', '%00', `txn_${'a'.repeat(65)}`]);

function read(rng: Rng, ctx: Parameters<Route['base']>[1], path: string, query: string[] | null) {
  return withClient(rng, withCredential(newDraft('GET', path, query, [['Accept', 'application/json']]), careCredential(rng), rng, ctx));
}

function write(rng: Rng, ctx: Parameters<Route['base']>[1], path: string, json: unknown) {
  const draft = newDraft('POST', path, null, [...JSON_HEADERS, ...sameOrigin(rng, ctx)]);
  draft.json = json;
  return withClient(rng, withCredential(draft, careCredential(rng), rng, ctx));
}

export const CARE_API_ROUTES: Route[] = [
  {
    name: 'api-operator-vat-numbers',
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys: ['x'],
    base: (rng, ctx) => read(rng, ctx, '/api/operator/vat-numbers', null),
  },
  {
    // Never a subscription of the database: 404 (or 400, 401, 403) before anything is recorded.
    name: 'api-operator-vat-review',
    kind: 'api',
    methods: ['POST'],
    maxBody: 1 * KiB,
    queryKeys: ['subscriptionId'],
    base(rng, ctx) {
      const body = {
        vatNumber: rng.pick(['DE123456789', 'de 123', '', 'x'.repeat(40)]),
        decision: rng.pick(['verified', 'rejected', 'maybe']),
      };
      return write(rng, ctx, `/api/operator/vat-numbers/${subscriptionId(rng)}`, body);
    },
  },
  {
    name: 'api-operator-care-search',
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys: ['q'],
    base: (rng, ctx) => read(rng, ctx, '/api/operator/care/search', searchQuery(rng)),
  },
  {
    name: 'api-operator-care-subscription',
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys: ['id'],
    base: (rng, ctx) => read(rng, ctx, `/api/operator/care/subscriptions/${subscriptionId(rng)}`, null),
  },
  {
    // Never a subscription of the database: 404 (or 400, 401, 403) whatever the body.
    name: 'api-operator-care-cancel',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['id'],
    base(rng, ctx) {
      const body = {
        when: rng.pick(['period_end', 'now', 'later', '']),
        reason: rng.pick(['Asked on the phone', '', ' ', 'x'.repeat(501)]),
      };
      return write(rng, ctx, `/api/operator/care/subscriptions/${subscriptionId(rng)}/cancel`, body);
    },
  },
  {
    // Never a subscription of the database: 404 (or 400, 401, 403) before any address is checked or written.
    name: 'api-operator-care-delivery-address',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['id'],
    base(rng, ctx) {
      const body = {
        address: rng.pick<unknown>([
          { line1: '4 Times Sq', city: 'New York', postalCode: '10036', region: 'NY' },
          { line1: 'Via del Corso 1', city: 'Roma', postalCode: 'ABC', region: 'XX' },
          { line1: '', city: '', postalCode: '' },
          { line1: 'x'.repeat(300), city: 1, postalCode: null },
          'Main Street',
        ]),
        reason: rng.pick(['Moved', '', 'x'.repeat(501)]),
      };
      return write(rng, ctx, `/api/operator/care/subscriptions/${subscriptionId(rng)}/delivery-address`, body);
    },
  },
  {
    // A payment's invoice as a PDF: never a payment of the database, so 404 (or 400, 401, 403).
    name: 'api-operator-care-invoice',
    kind: 'api',
    methods: ['GET'],
    maxBody: 0,
    queryKeys: ['id'],
    base: (rng, ctx) => read(rng, ctx, `/api/operator/care/transactions/${transactionId(rng)}/invoice`, null),
  },
  {
    // Never a payment of the database: 404 before any refund is reserved, whatever the body.
    name: 'api-operator-care-refund',
    kind: 'api',
    methods: ['POST'],
    maxBody: 2 * KiB,
    queryKeys: ['id'],
    base(rng, ctx) {
      const body = {
        amount: rng.pick<unknown>(['full', 1, 1250, 0, -1, 1.5, '100', 1e12]),
        reason: rng.pick(['Late delivery', '', 'x'.repeat(501)]),
        idempotencyKey: rng.pick([`fuzz-${rng.hex(16)}`, 'short', 'x'.repeat(101), 'with space key']),
      };
      return write(rng, ctx, `/api/operator/care/transactions/${transactionId(rng)}/refund`, body);
    },
  },
];

function carePage(name: string, path: (rng: Rng) => string, query: (rng: Rng) => string[] | null, queryKeys: readonly string[]): Route {
  return {
    name,
    kind: 'page',
    methods: ['GET', 'HEAD'],
    maxBody: 0,
    queryKeys,
    base(rng, ctx) {
      const draft = newDraft(rng.chance(0.9) ? 'GET' : 'HEAD', path(rng), query(rng), [['Accept', HTML_ACCEPT]]);
      const who = rng.weighted<OperatorCredential>([
        ['admin-session', 5],
        ['marketer-session', 2],
        ['wrong-session', 1],
        ['none', 1],
      ]);
      return withClient(rng, withCredential(draft, who, rng, ctx));
    },
  };
}

export const CARE_PAGES: Route[] = [
  // The search: admins see the form and what it found; a marketer is told so (403); signed out, sent to sign in.
  carePage('page-admin-care', () => '/admin/care', searchQuery, ['q']),
  // One subscription: never one of the database, so "No such subscription" (404).
  carePage(
    'page-admin-care-subscription',
    (rng) => `/admin/care/${subscriptionId(rng)}`,
    () => null,
    ['subscriptionId'],
  ),
];
