import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { JobBacklogRepository } from './JobBacklogRepository';

/** Each job's backlog query, on the app's database. */
export const backlogsOf = (context: { db: Kysely<Database> }) => new JobBacklogRepository(context.db);
