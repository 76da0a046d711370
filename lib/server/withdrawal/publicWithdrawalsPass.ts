import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { WithdrawalRepository } from './WithdrawalRepository';
import type { WithdrawalService } from './WithdrawalService';

export interface PublicWithdrawalsDeps {
  db: Kysely<Database>;
  now: () => Date;
  log: (line: string, error?: unknown) => void;
  /** The withdrawal service whose e-mails link to `origin`, the site the declaration reached (null: PUBLIC_ORIGIN). */
  serviceFor: (origin: string | null) => Promise<WithdrawalService>;
}

/** What the pass did with one declaration (ids only: no address). */
export type PublicWithdrawalOutcome =
  | { kind: 'acknowledged'; withdrawalId: string }
  | { kind: 'unmatched'; withdrawalId: string }
  /** Examined by another instance's pass meanwhile. */
  | { kind: 'taken'; withdrawalId: string }
  /** Left unexamined: the next pass tries again. */
  | { kind: 'left'; withdrawalId: string; reason: string };

/** Declarations examined per pass at most, the oldest first: a flood is worked off over a few passes. */
export const PUBLIC_WITHDRAWALS_PER_PASS = 200;

/** How often each instance examines the declarations no kick reached (one whose instance stopped first). */
export const PUBLIC_WITHDRAWALS_INTERVAL_MS = 15_000;

/**
 * Examines the declarations of the public withdrawal page, which the request only recorded
 * (WithdrawalService.examine): matched to a purchase as of their own time, and acknowledged
 * to its subscriber, in the order they were declared, so that the guessing rule counts what
 * came before each. Safe on several instances at once: every mark is a guarded update, so two
 * passes examining one declaration acknowledge it once.
 */
export async function examinePublicWithdrawals(
  deps: PublicWithdrawalsDeps,
  limit = PUBLIC_WITHDRAWALS_PER_PASS,
): Promise<PublicWithdrawalOutcome[]> {
  const outcomes: PublicWithdrawalOutcome[] = [];
  for (const declaration of await new WithdrawalRepository(deps.db).unexamined(limit)) {
    try {
      const kind = await (await deps.serviceFor(declaration.origin)).examine(declaration);
      outcomes.push({ kind, withdrawalId: declaration.id });
    } catch (error) {
      // The database or the mail's origin away for this one: the others go on, and the next pass finds it again.
      deps.log(`[withdrawal-page] could not examine withdrawal ${declaration.id}; the next pass tries again`, error);
      outcomes.push({ kind: 'left', withdrawalId: declaration.id, reason: 'could not be examined' });
    }
  }
  return outcomes;
}

/** One outcome as the background log shows it. */
export const publicWithdrawalLine = (outcome: PublicWithdrawalOutcome): string =>
  outcome.kind === 'left' ? `${outcome.withdrawalId} left: ${outcome.reason}` : `${outcome.withdrawalId} ${outcome.kind}`;
