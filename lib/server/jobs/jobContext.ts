import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { JobBacklogRepository } from './JobBacklogRepository';

/** Each job's backlog query, on the app's database. */
export const backlogsOf = (context: { db: Kysely<Database> }) => new JobBacklogRepository(context.db);

/** What a pass over declarations or waiting withdrawals needs of the process, besides the service it acts through. */
export interface PassDeps<Service> {
  db: Kysely<Database>;
  now: () => Date;
  log: (line: string, error?: unknown) => void;
  /** The service whose e-mails link to `origin`, the site the declaration reached (null: PUBLIC_ORIGIN). */
  serviceFor: (origin: string | null) => Promise<Service>;
}

/** Such a pass's deps on a context: its database and clock, an item that failed logged as an error. */
export function passDeps<Service>(
  context: { db: Kysely<Database>; clock: () => Date },
  serviceFor: (origin: string | null) => Promise<Service>,
): PassDeps<Service> {
  return { db: context.db, now: context.clock, log: (line, error) => console.error(line, error), serviceFor };
}
