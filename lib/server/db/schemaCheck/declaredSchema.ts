import path from 'node:path';
import ts from 'typescript';

/** The kind of value a column holds, as TypeScript or the database sees it. */
export type BaseType = 'text' | 'number' | 'boolean' | 'bytes';

/** One column as schema.ts's `Database` interface declares it (its select type, with Generated/ColumnType unwrapped). */
export interface DeclaredColumn {
  /** As written in schema.ts, for the messages. */
  typeText: string;
  /** Null when the select type mixes kinds (say `string | number`) or is something else (an object). */
  base: BaseType | null;
  nullable: boolean;
  /** `Generated<…>` (or a ColumnType whose insert type allows undefined): inserts may leave it out. */
  generated: boolean;
  /** The string literals of a union such as `StoredSubscriptionStatus`; null for a plain `string` or a number. */
  members: string[] | null;
}

export type DeclaredSchema = Map<string, Map<string, DeclaredColumn>>;

/**
 * Reads the tables of the `Database` interface in a file (schema.ts) with TypeScript's own
 * checker, so that aliases, imported domain unions and kysely's `Generated` resolve as the
 * compiler resolves them rather than as a text pattern would guess.
 */
export function readDeclaredSchema(schemaFile: string, projectRoot: string): DeclaredSchema {
  const configPath = path.join(projectRoot, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, projectRoot).options;
  const program = ts.createProgram([schemaFile], { ...options, noEmit: true, incremental: false });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  if (!source) throw new Error(`TypeScript could not read ${schemaFile}`);
  const database = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  );
  if (!database) throw new Error(`${schemaFile} declares no Database interface`);

  const schema: DeclaredSchema = new Map();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbolAtLocation(table, database).getProperties()) {
      columns.set(column.name, declaredColumn(checker, checker.getTypeOfSymbolAtLocation(column, database)));
    }
    schema.set(table.name, columns);
  }
  return schema;
}

function declaredColumn(checker: ts.TypeChecker, declared: ts.Type): DeclaredColumn {
  const selected = columnTypePart(checker, declared, '__select__') ?? declared;
  const inserted = columnTypePart(checker, declared, '__insert__');
  const parts = selected.isUnion() ? selected.types : [selected];
  const values = parts.filter((part) => !(part.flags & ts.TypeFlags.Null));
  const kinds = new Set(values.map(baseOf));
  const [only] = kinds;
  const literals = values.filter((part) => part.isStringLiteral());
  return {
    typeText: checker.typeToString(declared),
    base: kinds.size === 1 && only ? only : null,
    nullable: values.length < parts.length,
    generated:
      inserted !== undefined && (inserted.isUnion() ? inserted.types : [inserted]).some((part) => part.flags & ts.TypeFlags.Undefined),
    members:
      values.length > 0 && literals.length === values.length ? literals.map((part) => (part as ts.StringLiteralType).value).sort() : null,
  };
}

/** kysely's ColumnType<S, I, U> is an object of three phantom properties; a plain column type has none. */
function columnTypePart(checker: ts.TypeChecker, type: ts.Type, part: '__select__' | '__insert__'): ts.Type | undefined {
  const property = type.getProperty(part);
  return property ? checker.getTypeOfSymbol(property) : undefined;
}

function baseOf(type: ts.Type): BaseType | undefined {
  if (type.flags & ts.TypeFlags.StringLike) return 'text';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  // A picture's bytes (offer_images.bytes): node's Buffer, a Uint8Array.
  const name = type.getSymbol()?.getName();
  if (name === 'Buffer' || name === 'Uint8Array') return 'bytes';
  return undefined;
}
