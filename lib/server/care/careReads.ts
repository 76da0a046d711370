import type { Kysely } from 'kysely';
import type { CareCustomerView, CareSearchHit } from '@/lib/operators/careViews';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { waitInWords } from '@/lib/server/http/waitInWords';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { appendAudit } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { securityAlert } from '@/lib/server/security/securityAlert';
import { CareDirectory } from './CareDirectory';
import { careQueryOf } from './careQuery';

/** The window care's reads are counted in: a clock hour. */
export const CARE_READ_WINDOW_MS = 60 * 60_000;
/**
 * Distinct customers (subscriptions, found by a search or opened) one operator may read per
 * hour: far more than a shift of calls, far fewer than a copy of the customer base.
 */
export const CARE_CUSTOMER_READS_PER_HOUR = 100;
/** Searches one operator may make per hour, found or not: each one asks whether an address or a number is a customer. */
export const CARE_SEARCHES_PER_HOUR = 200;

interface Deps {
  db: Kysely<Database>;
  clock: () => Date;
}

/**
 * Care's search, limited and written down: counted against the operator's searches, the
 * hits against their customer reads (past either, 429 and the admins alerted), then recorded
 * in the audit log as `care.searched` with the query's kind and the subscriptions found, not
 * the address or number typed. Only a whole address or number is searched (careQuery.ts).
 */
export async function careSearch(deps: Deps, caller: OperatorCaller, text: string): Promise<CareSearchHit[]> {
  const query = careQueryOf(text);
  if (!query) return [];
  const limiter = new RateLimiter(deps.db, deps.clock);
  const searches = await limiter.count(`care-searches:${caller.operator.id}`, CARE_READ_WINDOW_MS);
  if (searches > CARE_SEARCHES_PER_HOUR) throw await refused(deps, caller, `${CARE_SEARCHES_PER_HOUR} searches`);
  const hits = await new CareDirectory(deps.db, deps.clock).search(text);
  const subscriptions = hits.map((hit) => hit.subscriptionId);
  await countReads(deps, caller, subscriptions);
  await appendAudit(
    deps.db,
    caller.actor,
    { action: 'care.searched', target: null, after: { kind: query.kind, hits: subscriptions.length, subscriptions } },
    deps.clock(),
  );
  return hits;
}

/** One customer opened by care, limited and written down as `care.viewed` of that subscription; null when there is none. */
export async function careView(deps: Deps, caller: OperatorCaller, subscriptionId: string): Promise<CareCustomerView | null> {
  const customer = await new CareDirectory(deps.db, deps.clock).customer(subscriptionId);
  if (!customer) return null;
  await countReads(deps, caller, [subscriptionId]);
  await appendAudit(deps.db, caller.actor, { action: 'care.viewed', target: `subscription:${subscriptionId}` }, deps.clock());
  return customer;
}

/**
 * Counts the customers among `subscriptionIds` that the operator has not read yet this hour,
 * before any is answered: past CARE_CUSTOMER_READS_PER_HOUR, none is, and nothing is counted.
 */
async function countReads(deps: Deps, caller: OperatorCaller, subscriptionIds: readonly string[]): Promise<void> {
  const limiter = new RateLimiter(deps.db, deps.clock);
  const operatorId = caller.operator.id;
  const marker = (id: string) => `care-read:${operatorId}:${id}`;
  const fresh: string[] = [];
  for (const id of new Set(subscriptionIds)) if ((await limiter.peek(marker(id), CARE_READ_WINDOW_MS)).count === 0) fresh.push(id);
  if (fresh.length === 0) return;
  const budget = `care-reads:${operatorId}`;
  const read = await limiter.peek(budget, CARE_READ_WINDOW_MS);
  if (read.count + fresh.length > CARE_CUSTOMER_READS_PER_HOUR) {
    throw await refused(deps, caller, `${CARE_CUSTOMER_READS_PER_HOUR} customers`);
  }
  for (const id of fresh) {
    await limiter.count(marker(id), CARE_READ_WINDOW_MS);
    await limiter.count(budget, CARE_READ_WINDOW_MS);
  }
}

/** The refusal past a ceiling; the first of the operator's window alerts the admins (a copy of the customers being made?). */
async function refused(deps: Deps, caller: OperatorCaller, ceiling: string): Promise<HttpError> {
  const limiter = new RateLimiter(deps.db, deps.clock);
  const refusals = await limiter.count(`care-reads-refused:${caller.operator.id}`, CARE_READ_WINDOW_MS);
  if (refusals === 1) {
    securityAlert(
      'care-reads-ceiling',
      caller.operator.id,
      `${caller.actor.label} reached the ceiling of ${ceiling} per hour in customer care: further reads are refused until the hour ends; see the audit log (care.searched, care.viewed)`,
    );
  }
  const { retryAfterSeconds } = await limiter.peek(`care-reads-refused:${caller.operator.id}`, CARE_READ_WINDOW_MS);
  return new HttpError(
    429,
    'care_reads_limited',
    `You have reached the ${ceiling} per hour that customer care may look up. Please wait ${waitInWords(retryAfterSeconds)}; the admins have been told.`,
    undefined,
    { retryAfterSeconds },
  );
}
