/**
 * The values a CHECK constraint allows a column, where it lists them: `status in ('a', 'b')`
 * as SQLite keeps the table's SQL, or `status = ANY (ARRAY['a'::text, 'b'::text])` and
 * `status = 'a'::text` as PostgreSQL prints a constraint back. Other conditions are not read.
 */
export function checkedValues(definition: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const lists = [
    /"?(\w+)"?\s+in\s*\(((?:\s*'(?:[^']|'')*'\s*,?)+)\)/gi,
    /\(?"?(\w+)"?\)?\s*=\s*any\s*\(\s*\(?array\[([^\]]*)\]/gi,
    /\(?"?(\w+)"?\)?\s*=\s*('(?:[^']|'')*'(?:::\w+)?)\s*\)/gi,
  ];
  for (const list of lists) {
    for (const [, column, values] of definition.matchAll(list)) {
      if (!column || !values || found.has(column)) continue;
      found.set(column, [...values.matchAll(/'((?:[^']|'')*)'/g)].map(([, value]) => value!.replaceAll("''", "'")).sort());
    }
  }
  return found;
}
