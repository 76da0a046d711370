import { serverEnv, type ServerEnv } from '@/lib/server/config/serverEnv';

/**
 * The server's configuration, or the end of the process with the reason. Next only logs an
 * instrumentation hook that throws, then serves anyway, every answer a 500: a server that
 * cannot work must not look ready. A build goes on throwing (it only loads this code).
 */
export function configurationOrExit(): ServerEnv {
  try {
    return serverEnv();
  } catch (error) {
    if (process.env.NEXT_PHASE === 'phase-production-build') throw error;
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
