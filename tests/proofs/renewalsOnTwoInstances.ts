import { renewalLedger, renewalsLeft, seedDueRenewals } from './dueRenewals';
import { Checks, pollUntil, type ProofResult } from './proof';
import { openDatabase, startServer, type ProofServer } from './server';

/** The engine's settings for the renewal proofs: a pass every second, and instances that start renewing at once. */
export const RENEWING = { RENEWAL_INTERVAL_SECONDS: '1' };

/** How long the proof waits for every renewal to be taken. */
const SETTLE_MS = 180_000;

/** `[renewals] <id> …, renewed` lines in a server's log (its steps, the renewal last): the renewals this instance charged and recorded. */
export const renewedIn = (server: ProofServer): number => server.output().match(/^\[renewals\] \S+ (?:[^\n]*, )?renewed$/gm)?.length ?? 0;

/** Starts servers side by side; if one fails, the others are stopped before the error goes on. */
export async function startServers(databaseUrl: string, ports: readonly number[], extra: Record<string, string>): Promise<ProofServer[]> {
  const started = await Promise.allSettled(ports.map((port) => startServer(databaseUrl, port, extra)));
  const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  return servers;
}

/**
 * Renewals on two instances (PostgreSQL): `count` test-mode sandbox subscriptions due at
 * once on one database, two production servers running the engine on it. Each is charged
 * exactly once (one renewal charge at the sandbox) and has one renewal transaction with
 * its own invoice; the invoice numbers are distinct and gap-free; both instances renewed
 * some; nothing is left due, processing or held by a lease.
 */
export async function renewalsOnTwoInstances(
  databaseUrl: string,
  ports: readonly [number, number],
  count: number,
  keepLog: (name: string, server: ProofServer) => void = () => {},
): Promise<ProofResult> {
  const checks = new Checks();
  const db = openDatabase(databaseUrl);
  let servers: ProofServer[] = [];
  try {
    const seeded = await seedDueRenewals(db, count);
    const started = Date.now();
    servers = await startServers(databaseUrl, ports, { ...RENEWING, RENEWAL_CONCURRENCY: '64', DATABASE_POOL_SIZE: '20' });
    const left = await pollUntil(
      () => renewalsLeft(db),
      (state) => state.due === 0 && state.leased === 0 && state.open === 0,
      SETTLE_MS,
      1000,
    );
    const seconds = (Date.now() - started) / 1000;
    // A pass logs its outcomes once its last subscription is released: a moment for the last lines to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    checks.that(left.due === 0 && left.leased === 0 && left.open === 0, `every renewal was taken within ${SETTLE_MS / 1000} s`, left);
    const ledger = await renewalLedger(db, seeded.periodEnd);
    checks.that(ledger.subscriptions === count, `${count} due subscriptions were seeded`, ledger.subscriptions);
    checks.that(ledger.renewedOnce === count, 'every one renewed once, into the next period, with its invoice', ledger.renewedOnce);
    checks.that(ledger.renewedMoreThanOnce === 0, 'none renewed twice', ledger.renewedMoreThanOnce);
    checks.that(
      ledger.charges === count && ledger.subscriptionsWithSeveralCharges === 0,
      'exactly one renewal charge per subscription at the sandbox',
      { charges: ledger.charges, chargedMoreThanOnce: ledger.subscriptionsWithSeveralCharges },
    );
    checks.that(
      ledger.chargedWithoutInvoice === 0 && ledger.invoicedWithoutCharge === 0,
      'every charge has its invoice, every invoice its charge',
      {
        chargedWithoutInvoice: ledger.chargedWithoutInvoice,
        invoicedWithoutCharge: ledger.invoicedWithoutCharge,
      },
    );
    checks.that(
      ledger.invoices.count === count && ledger.invoices.distinct === count && ledger.invoices.gapFree,
      'the invoice numbers are distinct and gap-free',
      ledger.invoices,
    );
    checks.that(ledger.open === 0 && ledger.leased === 0, 'nothing left processing or leased', {
      open: ledger.open,
      leased: ledger.leased,
    });
    const [a, b] = servers.map(renewedIn) as [number, number];
    checks.that(a > 0 && b > 0, 'both instances renewed some (their logs)', { a, b });
    checks.that(a + b === count, "the instances' logs account for every renewal", a + b);
    const firstToLast = ledger.firstAt && ledger.lastAt ? (Date.parse(ledger.lastAt) - Date.parse(ledger.firstAt)) / 1000 : null;
    return {
      title: `renewals on two instances: ${count} due test-mode renewals on one PostgreSQL, each charged once with one invoice`,
      ok: checks.ok,
      checks: checks.lines,
      measures: {
        seeded: count,
        seedSeconds: Math.round(seeded.seconds * 10) / 10,
        secondsFromStartToSettled: Math.round(seconds * 10) / 10,
        secondsFirstToLastRenewal: firstToLast === null ? null : Math.round(firstToLast * 10) / 10,
        renewedByInstance: { a, b },
        shareOfA: Math.round((a / Math.max(1, a + b)) * 100) / 100,
      },
    };
  } finally {
    for (const [index, server] of servers.entries()) {
      await server.stop();
      keepLog(`renewals, instance ${index === 0 ? 'A' : 'B'}`, server);
    }
    await db.destroy();
  }
}
