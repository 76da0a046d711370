import { describe, expect, it } from 'vitest';
import type { DeclaredColumn, DeclaredSchema } from './declaredSchema';
import type { MigratedColumn, MigratedSchema } from './migratedSchema';
import { schemaDifferences } from './schemaDifferences';

const text: DeclaredColumn = { typeText: 'string', base: 'text', nullable: false, generated: false, members: null };
const textColumn: MigratedColumn = { sqlType: 'text', base: 'text', nullable: false, defaulted: false, textDefault: null, checked: null };

function declaredTable(columns: Record<string, Partial<DeclaredColumn>>): DeclaredSchema {
  return new Map([['refunds', new Map(Object.entries(columns).map(([name, column]) => [name, { ...text, ...column }]))]]);
}
function migratedTable(columns: Record<string, Partial<MigratedColumn>>): MigratedSchema {
  return new Map([['refunds', new Map(Object.entries(columns).map(([name, column]) => [name, { ...textColumn, ...column }]))]]);
}

describe('schemaDifferences', () => {
  it('finds none when both sides agree', () => {
    expect(schemaDifferences(declaredTable({ id: {} }), migratedTable({ id: {} }))).toEqual([]);
  });

  it('names a table only one side has', () => {
    const declared: DeclaredSchema = new Map([['offers', new Map()]]);
    const migrated: MigratedSchema = new Map([['brands', new Map()]]);
    expect(schemaDifferences(declared, migrated)).toEqual([
      'brands: the migrations make this table; Database in schema.ts has no entry for it',
      'offers: Database in schema.ts has this table; the migrations make none',
    ]);
  });

  it('names a column only one side has', () => {
    expect(schemaDifferences(declaredTable({ id: {}, note: {} }), migratedTable({ id: {}, sent_at: {} }))).toEqual([
      'refunds.note: schema.ts declares it as string; the migrations make no such column',
      'refunds.sent_at: the migrations make this text column; schema.ts does not declare it',
    ]);
  });

  it('says how a type or its nullability differs', () => {
    const declared = declaredTable({
      amount: {},
      failure_code: {},
      settled_at: { typeText: 'string | null', nullable: true },
      payload: { typeText: '{ a: string; }', base: null },
    });
    const migrated = migratedTable({
      amount: { sqlType: 'integer', base: 'number' },
      failure_code: { nullable: true },
      settled_at: {},
      payload: {},
    });
    expect(schemaDifferences(declared, migrated)).toEqual([
      'refunds.amount: schema.ts types it string (text) but the database column is integer (number)',
      'refunds.failure_code: the database column allows null; schema.ts types it string, without null',
      'refunds.payload: schema.ts types it { a: string; }, which is not text, a number, a boolean or bytes',
      'refunds.settled_at: the database column is not null; schema.ts types it string | null, with null',
    ]);
  });

  it('refuses a Generated column the database gives no default', () => {
    expect(
      schemaDifferences(
        declaredTable({ tries: { typeText: 'Generated<number>', base: 'number', generated: true } }),
        migratedTable({ tries: { sqlType: 'integer', base: 'number' } }),
      ),
    ).toEqual([
      'refunds.tries: schema.ts types it Generated<number>, which lets an insert leave it out, but the database column has no default',
    ]);
  });

  it("holds a union to a CHECK constraint's values and to the column's default", () => {
    const union = { typeText: 'RefundStatus', members: ['failed', 'pending', 'succeeded'] };
    const declared = declaredTable({ status: union, kind: union, channel: {} });
    const migrated = migratedTable({
      status: { checked: ['failed', 'pending'] },
      kind: { defaulted: true, textDefault: 'purchase' },
      channel: { checked: ['account', 'footer'] },
    });
    expect(schemaDifferences(declared, migrated)).toEqual([
      "refunds.channel: a CHECK constraint allows 'account', 'footer'; schema.ts types it string, not a union of those values",
      "refunds.kind: the database's default 'purchase' is not a value of schema.ts's RefundStatus ('failed', 'pending', 'succeeded')",
      "refunds.status: a CHECK constraint allows 'failed', 'pending'; schema.ts types it RefundStatus, which allows 'failed', 'pending', 'succeeded'",
    ]);
  });
});
