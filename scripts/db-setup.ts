/**
 * Prepares the databases: runs migrations on the app's and on the tracking data's
 * (TRACKING_DATABASE_URL, or beside the app's), and loads the demo catalogue when the
 * catalogue is empty (an operator's catalogue is never overwritten). `--reset-demo`
 * reloads it anyway. SQLite files and PostgreSQL databases alike.
 */
import { serverEnv } from '@/lib/server/config/serverEnv';
import { createDb, migrateToLatest, parseDatabaseUrl } from '@/lib/server/db/createDb';
import { printableDatabaseUrl } from '@/lib/server/db/printableUrl';
import { trackingDatabaseUrl } from '@/lib/server/db/trackingDatabaseUrl';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';

async function main(): Promise<void> {
  const { DATABASE_URL, TRACKING_DATABASE_URL } = serverEnv();
  const trackingUrl = trackingDatabaseUrl(DATABASE_URL, TRACKING_DATABASE_URL);
  const tracking = createDb(parseDatabaseUrl(trackingUrl));
  try {
    await migrateToLatest(tracking);
  } finally {
    await tracking.destroy();
  }
  const db = createDb(parseDatabaseUrl(DATABASE_URL));
  try {
    await migrateToLatest(db);
    const version = await new CatalogueRepository(db).version();
    if (version > 0 && !process.argv.includes('--reset-demo')) {
      console.log(`Database ${printableDatabaseUrl(DATABASE_URL)} is ready (catalogue version ${version}).`);
      return;
    }
    const result = await importCatalogueJson(db, readDemoCatalogue());
    if (!result.ok) throw new Error(`The demo catalogue is invalid:\n${result.errors.join('\n')}`);
    console.log(`Database ${printableDatabaseUrl(DATABASE_URL)} is ready with the demo catalogue (version ${result.version}).`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
