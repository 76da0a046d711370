import type { DeclaredColumn, DeclaredSchema } from './declaredSchema';
import type { MigratedColumn, MigratedSchema } from './migratedSchema';

/**
 * Where schema.ts's `Database` and a migrated database disagree, one sentence each that
 * names the table and column and says what each side has: the migrations are the truth,
 * so each says what schema.ts should declare.
 */
export function schemaDifferences(declared: DeclaredSchema, migrated: MigratedSchema): string[] {
  const differences: string[] = [];
  for (const table of sortedUnion(declared.keys(), migrated.keys())) {
    const declaredTable = declared.get(table);
    const migratedTable = migrated.get(table);
    if (!declaredTable) {
      differences.push(`${table}: the migrations make this table; Database in schema.ts has no entry for it`);
      continue;
    }
    if (!migratedTable) {
      differences.push(`${table}: Database in schema.ts has this table; the migrations make none`);
      continue;
    }
    for (const column of sortedUnion(declaredTable.keys(), migratedTable.keys())) {
      const declaredColumn = declaredTable.get(column);
      const migratedColumn = migratedTable.get(column);
      const where = `${table}.${column}`;
      if (!declaredColumn)
        differences.push(`${where}: the migrations make this ${migratedColumn!.sqlType} column; schema.ts does not declare it`);
      else if (!migratedColumn)
        differences.push(`${where}: schema.ts declares it as ${declaredColumn.typeText}; the migrations make no such column`);
      else differences.push(...columnDifferences(where, declaredColumn, migratedColumn));
    }
  }
  return differences;
}

function columnDifferences(where: string, declared: DeclaredColumn, migrated: MigratedColumn): string[] {
  const differences: string[] = [];
  const typed = `schema.ts types it ${declared.typeText}`;
  if (declared.base === null) differences.push(`${where}: ${typed}, which is not text, a number, a boolean or bytes`);
  else if (migrated.base === null) differences.push(`${where}: the database's ${migrated.sqlType} maps to no TypeScript type here`);
  else if (declared.base !== migrated.base)
    differences.push(`${where}: ${typed} (${declared.base}) but the database column is ${migrated.sqlType} (${migrated.base})`);

  if (migrated.nullable && !declared.nullable) differences.push(`${where}: the database column allows null; ${typed}, without null`);
  if (!migrated.nullable && declared.nullable) differences.push(`${where}: the database column is not null; ${typed}, with null`);
  if (declared.generated && !migrated.defaulted && !migrated.nullable)
    differences.push(`${where}: ${typed}, which lets an insert leave it out, but the database column has no default`);

  if (migrated.checked) {
    if (!declared.members)
      differences.push(`${where}: a CHECK constraint allows ${listed(migrated.checked)}; ${typed}, not a union of those values`);
    else if (listed(declared.members) !== listed(migrated.checked))
      differences.push(
        `${where}: a CHECK constraint allows ${listed(migrated.checked)}; ${typed}, which allows ${listed(declared.members)}`,
      );
  }
  if (declared.members && migrated.textDefault !== null && !declared.members.includes(migrated.textDefault))
    differences.push(
      `${where}: the database's default '${migrated.textDefault}' is not a value of schema.ts's ${declared.typeText} (${listed(declared.members)})`,
    );
  return differences;
}

function listed(values: readonly string[]): string {
  return [...values]
    .sort()
    .map((value) => `'${value}'`)
    .join(', ');
}

function sortedUnion(a: Iterable<string>, b: Iterable<string>): string[] {
  return [...new Set([...a, ...b])].sort();
}
