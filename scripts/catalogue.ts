/**
 * Operators' catalogue command:
 *   npm run catalogue -- import file.json   replace the catalogue with the file (all or nothing)
 *   npm run catalogue -- export [file.json] write the catalogue as JSON (stdout without a file)
 * A running server picks up an import within CATALOGUE_CACHE_TTL_MS.
 */
import fs from 'node:fs';
import { serverEnv } from '@/lib/server/config/serverEnv';
import { createDb, migrateToLatest, parseDatabaseUrl } from '@/lib/server/db/createDb';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';

const USAGE = 'usage: npm run catalogue -- import <file.json> | export [file.json]';

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if (command !== 'import' && command !== 'export') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'import' && !file) {
    console.error(`import needs a file: ${USAGE}`);
    return 2;
  }
  const db = createDb(parseDatabaseUrl(serverEnv().DATABASE_URL));
  try {
    await migrateToLatest(db);
    if (command === 'export') {
      const json = `${JSON.stringify(await new CatalogueRepository(db).exportAll(), null, 2)}\n`;
      if (file) fs.writeFileSync(file, json);
      else process.stdout.write(json);
      if (file) console.error(`Exported the catalogue to ${file}`);
      return 0;
    }
    let text: string;
    try {
      text = fs.readFileSync(file!, 'utf8');
    } catch (error) {
      console.error(`Cannot read ${file}: ${(error as Error).message}`);
      return 1;
    }
    const result = await importCatalogueJson(db, text);
    if (!result.ok) {
      console.error(`Nothing was imported: ${file} has ${result.errors.length} problem(s):`);
      for (const error of result.errors) console.error(`  ${error}`);
      return 1;
    }
    const c = result.counts;
    console.error(
      `Imported ${c.brands} brands, ${c.offers} offers, ${c.checkoutFlows} checkout flows, ${c.coupons} coupons (catalogue version ${result.version}).`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
