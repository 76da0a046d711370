import type { Kysely } from 'kysely';
import type { LimitsAnswer, LimitSubjectView, LimitView } from '@/lib/operators/limitViews';
import { slowdownRemainingMs } from '@/lib/server/checkout/abuseLimits';
import { configuredAbusePolicy } from '@/lib/server/checkout/requestLimits';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { RateLimitRepository } from '@/lib/server/identity/RateLimitRepository';
import { appendAudit, type AuditActor } from '@/lib/server/operators/auditLog';
import { liftableLimits, type LiftableLimit, type LimitNumbers } from './liftableLimits';

export interface LimitLiftDeps {
  db: Kysely<Database>;
  clock: () => Date;
  numbers: LimitNumbers;
}

/** Where a limit stands now for its subject; null when nothing counts against it. */
async function standing(counters: RateLimitRepository, limit: LiftableLimit, now: Date): Promise<LimitView | null> {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const currentStart = new Date(start).toISOString();
  // A slow-down counts this window and the one before (CheckoutLimits); any other limit, this window.
  const since = new Date(limit.slowdown ? start - limit.windowMs : start).toISOString();
  const windows = await counters.windowsOf(limit.match, since);
  if (windows.length === 0) return null;
  const view = { id: limit.id, name: limit.name, mode: limit.mode, limit: limit.limit };
  const windowEnd = new Date(start + limit.windowMs).toISOString();
  if (limit.slowdown) {
    const current = windows.find((w) => w.windowStart === currentStart);
    const previous = windows.find((w) => w.windowStart !== currentStart);
    const count = windows.reduce((sum, w) => sum + w.count, 0);
    const remainingMs = slowdownRemainingMs(count, current?.updatedAt ?? previous?.updatedAt ?? null, now, limit.slowdown);
    return {
      ...view,
      count,
      holding: remainingMs > 0,
      freesAt: remainingMs > 0 ? new Date(now.getTime() + remainingMs).toISOString() : windowEnd,
    };
  }
  // Links to many addresses from one client: each address has its own count; the fullest tells.
  const count = Math.max(...windows.filter((w) => w.windowStart === currentStart).map((w) => w.count), 0);
  return count === 0 ? null : { ...view, count, holding: count >= limit.limit, freesAt: windowEnd };
}

async function standings(db: Kysely<Database>, limits: readonly LiftableLimit[], now: Date): Promise<LimitView[]> {
  const counters = new RateLimitRepository(db);
  const views: LimitView[] = [];
  for (const limit of limits) {
    const view = await standing(counters, limit, now);
    if (view) views.push(view);
  }
  return views;
}

/** The limits that count against a subject now, the ones refusing first. */
export async function limitsOf(deps: LimitLiftDeps, subject: LimitSubjectView): Promise<LimitsAnswer> {
  const views = await standings(deps.db, liftableLimits(subject, deps.numbers), deps.clock());
  return { subject, limits: views.sort((a, b) => Number(b.holding) - Number(a.holding)) };
}

/**
 * Lifts one of a subject's limits (by its id) or all of them: their counts are forgotten, so
 * the next request starts a fresh window. In one transaction with the audit entry, which keeps
 * the counts before and after and the operator's client. A limit with no count is a 409: there
 * is nothing to lift, and nothing is written.
 */
export async function liftLimits(deps: LimitLiftDeps, actor: AuditActor, subject: LimitSubjectView, which: string): Promise<LimitsAnswer> {
  const all = liftableLimits(subject, deps.numbers);
  const chosen = which === 'all' ? all : all.filter((limit) => limit.id === which);
  if (chosen.length === 0)
    throw new HttpError(
      400,
      'unknown_limit',
      `There is no limit "${which}" for this ${subject.kind === 'client' ? 'IP address' : 'e-mail address'}.`,
    );
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const before = await standings(trx, chosen, now);
    if (before.length === 0)
      throw new HttpError(409, 'nothing_to_lift', 'Nothing counts against this limit now: there is nothing to lift.');
    const counters = new RateLimitRepository(trx);
    for (const limit of chosen) await counters.forget(limit.match);
    await appendAudit(
      trx,
      actor,
      {
        action: 'limit.lifted',
        target: `${subject.kind}:${subject.key}`,
        before: Object.fromEntries(before.map((view) => [view.id, { count: view.count, limit: view.limit, holding: view.holding }])),
        after: Object.fromEntries(before.map((view) => [view.id, { count: 0, limit: view.limit, holding: false }])),
      },
      now,
    );
  });
  return limitsOf(deps, subject);
}

/** The limits' numbers as this server is configured. */
export const limitLiftDepsOf = (server: Pick<ServerContext, 'config' | 'db' | 'clock'>): LimitLiftDeps => ({
  db: server.db,
  clock: server.clock,
  numbers: { policy: configuredAbusePolicy(server.config), linksPerIp: server.config.SIGN_IN_LINKS_PER_IP },
});
