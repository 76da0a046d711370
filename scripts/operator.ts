/**
 * npm run operator -- <command>: operators and their tokens, from the server's shell
 * (lib/server/operators/operatorCommand.ts). The first admin is made here.
 */
import os from 'node:os';
import { serverEnv } from '@/lib/server/config/serverEnv';
import { createDb, migrateToLatest, parseDatabaseUrl } from '@/lib/server/db/createDb';
import { runOperatorCommand, UsageError } from '@/lib/server/operators/operatorCommand';
import { OperatorExistsError } from '@/lib/server/operators/OperatorDirectory';
import { TokenScopeError } from '@/lib/server/operators/operatorTokens';

async function main(): Promise<void> {
  const env = serverEnv();
  const db = createDb(parseDatabaseUrl(env.DATABASE_URL));
  // Where a printed sign-in link points: the public origin, else this machine's port.
  const origin = env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT || 3000}`;
  try {
    await migrateToLatest(db);
    const lines = await runOperatorCommand(
      db,
      process.argv.slice(2),
      {
        operatorId: null,
        label: `command line (${os.userInfo().username})`,
      },
      { origin },
    );
    for (const line of lines) console.log(line);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const expected = error instanceof UsageError || error instanceof OperatorExistsError || error instanceof TokenScopeError;
  console.error(expected ? (error as Error).message : error);
  process.exit(expected ? 2 : 1);
});
