import { serverEnv } from '../../config/serverEnv';
import { appDb } from '../db/appDb';
import { CatalogueCache } from './catalogueCache';
import { CatalogueRepository, type CatalogueSnapshot } from './CatalogueRepository';

/** The server's catalogue: cached reads for pages, backed by the app database. */
const holder = globalThis as typeof globalThis & { __catalogueCache?: CatalogueCache };

function cache(): CatalogueCache {
  holder.__catalogueCache ??= new CatalogueCache(
    async () => new CatalogueRepository(await appDb()),
    serverEnv().CATALOGUE_CACHE_TTL_MS,
  );
  return holder.__catalogueCache;
}

export async function catalogueSnapshot(): Promise<CatalogueSnapshot> {
  return cache().get();
}

export function invalidateCatalogue(): void {
  cache().invalidate();
}
