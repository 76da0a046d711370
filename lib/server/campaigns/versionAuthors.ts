import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { CampaignVersion } from './CampaignVersions';

/** How the studio names who recorded versions: "Ana Lopez (ana@example.com)" by operator id, in one read. */
export async function authorNames(db: Kysely<Database>, versions: readonly CampaignVersion[]): Promise<Map<string, string>> {
  const ids = [...new Set(versions.map((version) => version.author.id).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('operators').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, `${row.name} (${row.email})`]));
}

/** "Catalogue import", or the operator who saved it (their id when they are gone from the directory). */
export function versionAuthor(version: CampaignVersion, names: ReadonlyMap<string, string>): string {
  if (version.author.kind === 'import') return 'Catalogue import';
  const id = version.author.id;
  return id === null ? 'An operator' : (names.get(id) ?? `Operator ${id}`);
}

/** "Ana Lopez (ana@example.com) saved version 5 at 18:40 UTC": for the editor that came second. */
export async function savedBy(db: Kysely<Database>, version: CampaignVersion): Promise<string> {
  const who = version.author.kind === 'import' ? 'A catalogue import' : versionAuthor(version, await authorNames(db, [version]));
  return `${who} saved version ${version.version} at ${version.createdAt.slice(11, 16)} UTC`;
}
