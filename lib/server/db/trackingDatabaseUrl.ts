import path from 'node:path';

/**
 * Where tracking data goes: TRACKING_DATABASE_URL when set, else beside the app's database,
 * so that ingestion load never holds the lock (SQLite) or the connections (PostgreSQL) an
 * order needs. For SQLite that is a file of its own next to the app's
 * (data/journey.db → data/journey-tracking.db); for PostgreSQL the same database through
 * a pool of its own (a separate database or server is one setting away).
 */
export function trackingDatabaseUrl(appUrl: string, configured?: string): string {
  if (configured) return configured;
  if (!appUrl.startsWith('file:')) return appUrl;
  const filename = appUrl.slice('file:'.length);
  if (filename === ':memory:' || filename === '') return appUrl;
  const { dir, name, ext } = path.parse(filename);
  return `file:${dir ? `${dir}/` : ''}${name}-tracking${ext || '.db'}`;
}

/**
 * Whether the tracking data lives in the app's database itself (the same file or
 * PostgreSQL database), so that what reads or purges both must do it once. In-memory
 * SQLite never does: each connection to `:memory:` is a database of its own.
 */
export function tracksInAppDatabase(appUrl: string, configured?: string): boolean {
  const memory = appUrl === 'file::memory:' || appUrl === 'file:';
  return !memory && trackingDatabaseUrl(appUrl, configured) === appUrl;
}
