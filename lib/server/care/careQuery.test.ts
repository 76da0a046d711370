import { describe, expect, it } from 'vitest';
import { careQueryOf } from './careQuery';

describe('careQueryOf', () => {
  it.each([
    [' Ada@Example.COM ', { kind: 'email', email: 'ada@example.com' }],
    ['inv-2026-000042', { kind: 'invoice', number: 'INV-2026-000042' }],
    ['INV-TEST-2026-000042', { kind: 'invoice', number: 'INV-TEST-2026-000042' }],
    ['CN-2026-000007', { kind: 'credit_note', number: 'CN-2026-000007' }],
    ['cn-test-2026-1000000', { kind: 'credit_note', number: 'CN-TEST-2026-1000000' }],
    // A seller's own series (data/sellers.json).
    ['us-2026-000001', { kind: 'invoice', number: 'US-2026-000001' }],
    ['DE-TEST-2026-000003', { kind: 'invoice', number: 'DE-TEST-2026-000003' }],
    ['US-CN-2026-000001', { kind: 'credit_note', number: 'US-CN-2026-000001' }],
    ['ca-cn-test-2026-000002', { kind: 'credit_note', number: 'CA-CN-TEST-2026-000002' }],
  ])('reads %j as a whole one', (text, query) => {
    expect(careQueryOf(text)).toEqual(query);
  });

  // A part of a number or an address would list every customer it starts, or walk a range of them.
  it.each([
    'INV-2026-00004',
    'INV-2026-',
    'INV-2026',
    'INV',
    '2026-000042',
    'INV-2026-00004%',
    'US-2026-00001',
    'US-CN-2026',
    'reader@example',
    '@example.com',
    'example.com',
    '',
  ])('refuses %j, a part of one', (text) => {
    expect(careQueryOf(text)).toBeNull();
  });
});
