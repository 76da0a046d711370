import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { newSecret, sha256 } from '@/lib/server/ids';
import { OPERATOR_HOME_PATH, OPERATOR_LINK_PATH } from '@/lib/operators/operatorPaths';

export const OPERATOR_LINK_TTL_MS = 15 * 60_000;

/**
 * Writes a single-use back-office sign-in link for an operator (only its hash is kept) and
 * answers it: what the sign-in mail carries, and what `npm run operator -- link` prints on
 * a server whose mail nobody may read.
 */
export async function issueOperatorLink(
  db: Kysely<Database>,
  input: { operatorId: string; origin: string; returnPath?: string; at: Date },
): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('operator_links')
    .values({
      token_hash: sha256(token),
      operator_id: input.operatorId,
      created_at: input.at.toISOString(),
      expires_at: new Date(input.at.getTime() + OPERATOR_LINK_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  const back = input.returnPath && input.returnPath !== OPERATOR_HOME_PATH ? `&return=${encodeURIComponent(input.returnPath)}` : '';
  return `${input.origin}${OPERATOR_LINK_PATH}?token=${token}${back}`;
}
