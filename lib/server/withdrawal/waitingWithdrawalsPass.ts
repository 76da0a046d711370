import type { Kysely } from 'kysely';
import { OBJECTION_WINDOW_DAYS } from '@/lib/withdrawal/withdrawalPolicy';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { WithdrawalRepository } from './WithdrawalRepository';
import type { WithdrawalService } from './WithdrawalService';

export interface WaitingWithdrawalsDeps {
  db: Kysely<Database>;
  now: () => Date;
  log: (line: string, error?: unknown) => void;
  /** The withdrawal service whose e-mails link to `origin`, the site the declaration reached (null: PUBLIC_ORIGIN). */
  serviceFor: (origin: string | null) => Promise<WithdrawalService>;
}

/** What the pass did with one declaration (ids only: no address). */
export type WaitingWithdrawalOutcome =
  | { kind: 'applied'; withdrawalId: string }
  /** Left as it is: objected to meanwhile, or (another reason) tried again by the next pass. */
  | { kind: 'left'; withdrawalId: string; reason: string };

/** Declarations applied per pass at most, the oldest first. */
export const WITHDRAWALS_PER_PASS = 100;
const DAY_MS = 24 * 3600_000;

/**
 * Applies the public page's withdrawals whose subscriber neither confirmed nor objected
 * within OBJECTION_WINDOW_DAYS of the declaration: ended, confirmed by e-mail and refunded
 * once (WithdrawalService.applyDeclared; a guarded update, so several instances at once apply
 * one once). It runs in the renewal pass, every minute or so on every instance, so that each
 * refund is asked of the provider some 3 days after its declaration: far inside the 14 days
 * of Art. 13 (see OBJECTION_WINDOW_DAYS), and before any renewal of the subscription is charged.
 */
export async function applyWaitingWithdrawals(
  deps: WaitingWithdrawalsDeps,
  limit = WITHDRAWALS_PER_PASS,
): Promise<WaitingWithdrawalOutcome[]> {
  const due = new Date(deps.now().getTime() - OBJECTION_WINDOW_DAYS * DAY_MS);
  const outcomes: WaitingWithdrawalOutcome[] = [];
  for (const withdrawal of await new WithdrawalRepository(deps.db).waitingSince(due, limit)) {
    try {
      await (await deps.serviceFor(withdrawal.origin)).applyDeclared(withdrawal);
      outcomes.push({ kind: 'applied', withdrawalId: withdrawal.id });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'withdrawal_objected') {
        outcomes.push({ kind: 'left', withdrawalId: withdrawal.id, reason: 'objected to meanwhile' });
        continue;
      }
      // The database, the origin or the provider away for this one: the others go on, and the next pass finds it again.
      deps.log(`[withdrawals] could not apply withdrawal ${withdrawal.id}; the next pass tries again`, error);
      outcomes.push({ kind: 'left', withdrawalId: withdrawal.id, reason: 'could not be applied' });
    }
  }
  return outcomes;
}
