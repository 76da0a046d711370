import { renewalLedger, renewalsLeft, seedDueRenewals, type RenewalLedger } from './dueRenewals';
import { Checks, pollUntil, type ProofResult } from './proof';
import { RENEWING, renewedIn } from './renewalsOnTwoInstances';
import { openDatabase, startServer, type ProofServer } from './server';

/** The kill comes when this many renewal charges were made at the sandbox. */
const KILL_AFTER = 100;
/**
 * A lease the restart outlives at once (in production: 5 minutes); and charges answered 50 ms
 * after they are made, so that at the kill some thirty more are made and never recorded.
 */
const DOOMED = { ...RENEWING, RENEWAL_LEASE_SECONDS: '2', SANDBOX_LATENCY_MS: '50' };

const left = (ledger: RenewalLedger) => ({
  charges: ledger.charges,
  chargedWithoutInvoice: ledger.chargedWithoutInvoice,
  renewed: ledger.renewedOnce,
  open: ledger.open,
  leased: ledger.leased,
});

/**
 * A killed renewal run: `count` due renewals, a server running them dies by SIGKILL once
 * 100 charges were made (SANDBOX_FAULT=kill-during-renewals), with charges made and not
 * recorded, renewals processing and leases held. Restarted on the same database (without
 * the fault), its engine takes them once the leases run out, asks the sandbox again with
 * the same keys, and settles every one: nothing charged twice, nothing charged without an
 * invoice, nothing left processing or leased, every subscription renewed once.
 */
export async function killedRenewals(
  databaseUrl: string,
  port: number,
  count: number,
  keepLog: (name: string, server: ProofServer) => void = () => {},
): Promise<ProofResult> {
  const checks = new Checks();
  const db = openDatabase(databaseUrl);
  const servers: ProofServer[] = [];
  try {
    // Seeded once the doomed server is up: it would die before answering otherwise.
    const doomed = await startServer(databaseUrl, port, {
      ...DOOMED,
      SANDBOX_FAULT: 'kill-during-renewals',
      SANDBOX_FAULT_AFTER: String(KILL_AFTER),
    });
    servers.push(doomed);
    const seeded = await seedDueRenewals(db, count);
    const ended = await Promise.race([doomed.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 60_000))]);
    checks.that(ended?.signal === 'SIGKILL', `the server was killed by SIGKILL during the run`, ended);
    const atKill = await renewalLedger(db, seeded.periodEnd);
    checks.that(atKill.charges >= KILL_AFTER, `it died once ${KILL_AFTER} renewal charges were made`, atKill.charges);
    checks.that(atKill.chargedWithoutInvoice > 0, 'with charges made and not recorded (no invoice yet)', atKill.chargedWithoutInvoice);
    checks.that(atKill.open > 0 && atKill.leased > 0, 'renewals left processing and subscriptions leased', left(atKill));
    checks.that(atKill.renewedOnce < count, 'and renewals not yet taken', atKill.renewedOnce);

    const restarted = await startServer(databaseUrl, port, { ...DOOMED, SANDBOX_LATENCY_MS: '0' });
    servers.push(restarted);
    const restartedAt = Date.now();
    const settled = await pollUntil(
      () => renewalsLeft(db),
      (state) => state.due === 0 && state.leased === 0 && state.open === 0,
      60_000,
      500,
    );
    const settleSeconds = (Date.now() - restartedAt) / 1000;
    checks.that(settled.due === 0, 'the restarted server took every renewal left', settled);
    const after = await renewalLedger(db, seeded.periodEnd);
    checks.that(after.chargedTwice === 0 && after.subscriptionsWithSeveralCharges === 0, 'nothing was charged twice', {
      periodsChargedTwice: after.chargedTwice,
      subscriptionsChargedTwice: after.subscriptionsWithSeveralCharges,
    });
    checks.that(after.chargedWithoutInvoice === 0, 'nothing charged is left without its renewal and invoice', after.chargedWithoutInvoice);
    checks.that(after.invoicedWithoutCharge === 0, 'and no renewal succeeded without its charge', after.invoicedWithoutCharge);
    checks.that(after.open === 0 && after.leased === 0, 'nothing left processing or leased', { open: after.open, leased: after.leased });
    checks.that(
      after.renewedOnce === count && after.renewedMoreThanOnce === 0 && after.charges === count,
      'every subscription renewed once, with one charge',
      { renewed: after.renewedOnce, renewedTwice: after.renewedMoreThanOnce, charges: after.charges },
    );
    checks.that(
      after.invoices.distinct === count && after.invoices.gapFree,
      'the invoice numbers are distinct and gap-free',
      after.invoices,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const renewedByRestart = renewedIn(restarted);
    checks.that(
      renewedByRestart === count - atKill.renewedOnce,
      'the restarted server renewed every one the killed run had not recorded, those it had charged included (its log)',
      { renewedByRestart, leftByKill: count - atKill.renewedOnce },
    );
    return {
      title: `a killed renewal run: SIGKILL after ${KILL_AFTER} of ${count} renewal charges; the restart charges nothing twice, leaves nothing charged without an invoice or in flight`,
      ok: checks.ok,
      checks: checks.lines,
      measures: {
        seeded: count,
        atKill: left(atKill),
        renewedByRestart,
        secondsToSettleAfterRestart: Math.round(settleSeconds * 10) / 10,
        after: left(after),
      },
    };
  } finally {
    for (const [index, server] of servers.entries()) {
      await server.stop();
      keepLog(index === 0 ? 'killed renewal run (SANDBOX_FAULT=kill-during-renewals)' : 'restarted renewal run', server);
    }
    await db.destroy();
  }
}
