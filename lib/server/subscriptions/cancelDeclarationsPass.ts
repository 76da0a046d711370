import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { CancelDeclarationRepository, type PendingDeclaration } from './CancelDeclarationRepository';
import { BUYER } from './subscriptionHistory';
import { SubscriptionRepository } from './SubscriptionRepository';
import { appendHistoryEvent } from './SubscriptionStore';
import type { SubscriptionService } from './SubscriptionService';

export interface CancelDeclarationsDeps {
  db: Kysely<Database>;
  now: () => Date;
  log: (line: string, error?: unknown) => void;
  /** The subscription service whose e-mails link to `origin`, the site the declaration reached (null: PUBLIC_ORIGIN). */
  serviceFor: (origin: string | null) => Promise<SubscriptionService>;
}

/** What the pass did with one declaration (ids and counts only: no address). */
export type DeclarationOutcome =
  | { kind: 'applied'; declarationId: string; cancelled: number }
  /** Left pending: the next pass tries again. */
  | { kind: 'left'; declarationId: string; reason: string };

/** Declarations applied per pass at most, the oldest first: a flood is worked off over a few passes. */
export const DECLARATIONS_PER_PASS = 200;

/** How often each instance applies the declarations no kick reached (one whose instance stopped before it applied them). */
export const CANCEL_DECLARATIONS_INTERVAL_MS = 15_000;

/**
 * Applies the cancellations declared on the public cancel page (§ 312k BGB), which the
 * request only recorded: every renewing subscription of the brand and mode that the address
 * holds is cancelled at the end of its period, as of the declaration's time, its owner
 * e-mailed a way to keep it, and a provider that renews by itself (PayPal) told to stop
 * (cancelRecord; the retry pass asks again if it cannot be reached). Safe on several
 * instances at once: a cancellation is a guarded update, so two passes applying one
 * declaration send one e-mail and make one provider call.
 */
export async function applyCancelDeclarations(deps: CancelDeclarationsDeps, limit = DECLARATIONS_PER_PASS): Promise<DeclarationOutcome[]> {
  const declarations = new CancelDeclarationRepository(deps.db);
  const outcomes: DeclarationOutcome[] = [];
  for (const declaration of await declarations.pending(limit)) {
    try {
      const cancelled = await apply(deps, declaration);
      await declarations.markApplied(declaration.id, cancelled, deps.now());
      outcomes.push({ kind: 'applied', declarationId: declaration.id, cancelled });
    } catch (error) {
      // The database or the mail's origin away for this one: the others go on, and the next pass finds it again.
      deps.log(`[cancel-page] could not apply declaration ${declaration.id}; the next pass tries again`, error);
      outcomes.push({ kind: 'left', declarationId: declaration.id, reason: 'could not be applied' });
    }
  }
  return outcomes;
}

async function apply(deps: CancelDeclarationsDeps, declaration: PendingDeclaration): Promise<number> {
  const held = await new SubscriptionRepository(deps.db, deps.now).renewingForAddress(
    declaration.email,
    declaration.brandSlug,
    declaration.livemode,
  );
  if (held.length === 0) return 0;
  const service = await deps.serviceFor(declaration.origin);
  for (const subscription of held) {
    try {
      await service.cancelRecord(subscription, {
        reason: declaration.reason,
        channel: 'cancel-page',
        requestedAt: new Date(declaration.declaredAt),
        // The declaration is told in the history of the subscription it cancelled, with the cancel it made.
        alongside: (trx, cancelled) =>
          appendHistoryEvent(
            trx,
            cancelled.id,
            { event: 'cancel_declared', actor: BUYER },
            { declaration_id: declaration.id, declared_at: declaration.declaredAt, cancel_reason: declaration.reason },
          ).then(() => undefined),
      });
    } catch (error) {
      // Its period ended since it was found: there is nothing left to cancel.
      if (!(error instanceof HttpError && error.code === 'subscription_ended')) throw error;
    }
  }
  return held.length;
}

/** One outcome as the background log shows it. */
export const cancelDeclarationLine = (outcome: DeclarationOutcome): string =>
  outcome.kind === 'applied'
    ? `${outcome.declarationId} applied: ${outcome.cancelled} subscription(s) cancelled`
    : `${outcome.declarationId} left: ${outcome.reason}`;
