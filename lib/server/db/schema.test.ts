import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from './schema';
import { readDeclaredSchema, type DeclaredSchema } from './schemaCheck/declaredSchema';
import { readMigratedSchema, type MigratedSchema } from './schemaCheck/migratedSchema';
import { schemaDifferences } from './schemaCheck/schemaDifferences';

/** Columns that hold one of a few values the domain names: their types are its unions, not `string`. */
const DOMAIN_VALUED = /(^|_)(status|kind|state|stage|channel|purpose|role|disposition|flow|outcome)$|^end_reason$|^after_authentication$/;

let db: Kysely<Database>;
let declared: DeclaredSchema;
let migrated: MigratedSchema;

beforeAll(async () => {
  declared = readDeclaredSchema(
    fileURLToPath(new URL('./schema.ts', import.meta.url)),
    fileURLToPath(new URL('../../..', import.meta.url)),
  );
  db = await testDb();
  migrated = await readMigratedSchema(db);
}, 120_000);
afterAll(async () => db.destroy());

describe('schema.ts against the migrated database', () => {
  it('declares every table and column the migrations make, and no other, with their type and nullability', () => {
    expect(migrated.size).toBeGreaterThan(0);
    expect(schemaDifferences(declared, migrated)).toEqual([]);
  });

  it('types each status, kind, channel and reason column with its domain union', () => {
    const plain = [...declared].flatMap(([table, columns]) =>
      [...columns]
        .filter(([column, type]) => DOMAIN_VALUED.test(column) && type.members === null)
        .map(([column, type]) => `${table}.${column}: ${type.typeText}`),
    );
    expect(plain).toEqual([]);
  });
});
