import { serverEnv } from '@/lib/server/config/serverEnv';
import { createServerContext, type ServerContext } from './createServerContext';

/**
 * The process's one server context. Next bundles each route with its own copy of this
 * module, so the context is kept on globalThis: one set of connections, one tracking queue
 * and one catalogue cache per process, not one per route. (It is the only such holder.)
 */
const holder = globalThis as typeof globalThis & { __journeyServerContext?: Promise<ServerContext> };

export function serverContext(): Promise<ServerContext> {
  holder.__journeyServerContext ??= createServerContext(serverEnv()).catch((error: unknown) => {
    // A database that is away at start must not be remembered as the answer for ever.
    holder.__journeyServerContext = undefined;
    throw error;
  });
  return holder.__journeyServerContext;
}
