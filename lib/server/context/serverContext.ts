import { serverEnv } from '@/lib/server/config/serverEnv';
import { createServerContext, type ServerContext } from './createServerContext';
import { kickedJobs } from '@/lib/server/jobs/processJobs';

/**
 * The process's one server context. Next bundles each route with its own copy of this
 * module, so the context is kept on globalThis: one set of connections, one tracking queue
 * and one catalogue cache per process, not one per route. (It is the only such holder.)
 */
const holder = globalThis as typeof globalThis & { __journeyServerContext?: Promise<ServerContext> };

export function serverContext(): Promise<ServerContext> {
  holder.__journeyServerContext ??= createServerContext(serverEnv()).then(startBackgroundWork, (error: unknown) => {
    // A database that is away at start must not be remembered as the answer for ever.
    holder.__journeyServerContext = undefined;
    throw error;
  });
  return holder.__journeyServerContext;
}

/**
 * What only the process's one context runs: the jobs requests kick, the mail and the public
 * cancel and withdrawal pages' (a context a test makes with createServerContext sends,
 * applies and examines only when the test asks). The scheduled jobs join them on the same
 * runner from instrumentation.ts. closeServerContext stops them all.
 */
function startBackgroundWork(context: ServerContext): ServerContext {
  context.jobs.start(kickedJobs(context));
  return context;
}
