import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { serverSecret } from '@/lib/server/db/serverSecrets';
import type { Mailer } from '@/lib/server/identity/Mailer';
import { logAndReport, type Alarm } from './failureAlarm';
import { OperatorDirectory } from './OperatorDirectory';
import { OperatorSignIn } from './OperatorSignIn';
import { OperatorTokens } from './operatorTokens';
import { parseSecretKey, TotpSecretBox } from './totpSecretBox';

export interface OperatorServices {
  signIn: OperatorSignIn;
  tokens: OperatorTokens;
  directory: OperatorDirectory;
}

/** The key that seals TOTP secrets: OPERATOR_SECRET_KEY (required in production), else one kept in the database. */
export function totpSecretBox(db: Kysely<Database>, env: Pick<ServerEnv, 'OPERATOR_SECRET_KEY'>): () => Promise<TotpSecretBox> {
  let box: Promise<TotpSecretBox> | undefined;
  return () => {
    const configured = env.OPERATOR_SECRET_KEY ? parseSecretKey(env.OPERATOR_SECRET_KEY) : null;
    box ??= configured
      ? Promise.resolve(new TotpSecretBox(configured))
      : serverSecret(db, 'operator-totp').then((key) => new TotpSecretBox(key));
    return box;
  };
}

export function createOperatorServices(
  db: Kysely<Database>,
  env: Pick<ServerEnv, 'OPERATOR_SECRET_KEY' | 'OPERATOR_FAILURE_LIMIT'>,
  now: () => Date,
  mailer: Mailer,
  alarm: Alarm = logAndReport,
): OperatorServices {
  return {
    signIn: new OperatorSignIn(db, mailer, totpSecretBox(db, env), alarm, { globalFailureLimit: env.OPERATOR_FAILURE_LIMIT }, now),
    tokens: new OperatorTokens(db, now),
    directory: new OperatorDirectory(db, now),
  };
}
