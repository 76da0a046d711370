import { randomUUID } from 'node:crypto';
import { transactionIdFor } from '@/lib/server/checkout/submitService';
import { attemptState, describeAnswer, submit, submitBody } from './checkout';
import { openTransactions, outcomes, roundState } from './killedRound';
import { Checks, pollUntil, tally, type ProofResult } from './proof';
import { openDatabase, startServer, type ProofServer } from './server';

/** A short grace, so that the restarted server reconciles at once (in production: 60 s, CHECKOUT_RECONCILE_GRACE_SECONDS). */
const RECONCILE = {
  CHECKOUT_RECONCILE_GRACE_SECONDS: '1',
  CHECKOUT_RECONCILE_INTERVAL_SECONDS: '1',
  // The round's submits all come from the proof's one address.
  CHECKOUT_SUBMITS_PER_CLIENT_TEST: '1000',
};

/** Checkouts in flight when the server dies. */
export const CONCURRENT_CHECKOUTS = 200;

/**
 * A killed server: 200 checkouts are submitted at once, and the sandbox kills the server
 * with SIGKILL as soon as it has taken a payment, before the order is recorded or answered
 * (SANDBOX_FAULT=kill-after-charge). The other checkouts die wherever they were: charged,
 * written but not charged, or not written. A server restarted on the same database settles
 * every one by itself (no retry, no webhook): a charged one succeeds with its subscription
 * and invoice, one charged nothing ends as failed (interrupted), and nothing is left
 * `processing` or in progress. The visitor's retry of a charged submit then gets the
 * success, with no second charge, and the success page shows the invoice.
 */
export async function killedServer(
  databaseUrl: string,
  port: number,
  keepLog: (name: string, server: ProofServer) => void = () => {},
): Promise<ProofResult> {
  const checks = new Checks();
  const keys = Array.from({ length: CONCURRENT_CHECKOUTS }, () => randomUUID());
  const bodies = keys.map((key, index) => submitBody(key, `proof+${index}@example.com`));
  const db = openDatabase(databaseUrl);
  const servers: ProofServer[] = [];
  try {
    // The doomed server does not reconcile: in the second it lives after the charge, it would settle what the restart is to prove.
    const doomed = await startServer(databaseUrl, port, {
      ...RECONCILE,
      CHECKOUT_RECONCILE_GRACE_SECONDS: '3600',
      SANDBOX_FAULT: 'kill-after-charge',
    });
    servers.push(doomed);
    const cuts = await Promise.all(bodies.map((body) => submit(doomed.base, body, 30_000)));
    const ended = await Promise.race([doomed.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000))]);
    checks.that(
      cuts.every((cut) => cut.status === 0),
      `none of the ${CONCURRENT_CHECKOUTS} submits got an answer: the server died during them`,
      tally(cuts.map(describeAnswer)),
    );
    checks.that(ended?.signal === 'SIGKILL', 'the server was killed by SIGKILL', ended);
    const left = await roundState(db, keys);
    const chargedKeys = keys.filter((key) => left.charged.get(key) === 1);
    const paidKey = chargedKeys[0];
    checks.that(paidKey !== undefined, 'it died after the gateway took a payment', left.charged.size);
    const recordedAtKill = chargedKeys.filter((key) => left.transactions.get(transactionIdFor(key))?.status !== 'processing');
    checks.that(
      recordedAtKill.length === 0,
      'and before any payment taken was recorded (transactions processing, no invoice)',
      recordedAtKill.map((key) => left.transactions.get(transactionIdFor(key))),
    );
    checks.that(left.keysInProgress > 0, 'and before it was answered (keys in progress)', left.keysInProgress);
    const openAtKill = openTransactions(left);

    const restarted = await startServer(databaseUrl, port, RECONCILE);
    servers.push(restarted);
    const settled = await pollUntil(
      () => roundState(db, keys),
      (state) => openTransactions(state) === 0 && state.keysInProgress === 0,
      60_000,
    );
    const settledOutcomes = outcomes(settled, keys);
    checks.that(openTransactions(settled) === 0, 'the restarted server left no transaction processing', settledOutcomes);
    checks.that(settled.keysInProgress === 0, 'nor any attempt in progress', settled.keysInProgress);
    checks.that(
      Object.keys(settledOutcomes).every((kind) => ['paid', 'interrupted', 'unwritten'].includes(kind)),
      'every attempt is paid once with its subscription and invoice, or failed as interrupted with nothing charged, or was never written',
      settledOutcomes,
    );
    checks.that(
      (settledOutcomes.interrupted ?? 0) > 0,
      'among them checkouts that died with their transaction written, before their charge (held by the fault), ended as failed',
      settledOutcomes,
    );
    const key = paidKey ?? keys[0]!;
    const body = bodies[keys.indexOf(key)]!;
    const order = (await attemptState(db, key)).transactions[0];
    checks.that(
      restarted.output().includes(`[reconcile] ${transactionIdFor(key)} answered succeeded`),
      'the charged order was completed by its reconciliation pass (server log)',
    );

    const retry = await submit(restarted.base, body);
    checks.that(
      retry.status === 200 && retry.body?.status === 'succeeded' && retry.body.transactionId === transactionIdFor(key),
      "the visitor's retry of the same submit gets the success",
      describeAnswer(retry),
    );
    const after = await attemptState(db, key);
    checks.that(after.charges.length === 1, 'and charges nothing more (one charge)', after.charges.length);
    const finalState = await roundState(db, keys);
    checks.that(
      JSON.stringify(outcomes(finalState, keys)) === JSON.stringify(settledOutcomes),
      'nor changes any other attempt of the round',
      outcomes(finalState, keys),
    );
    checks.that(
      after.transactions.length === 1 && after.transactions[0]?.invoice_number === order?.invoice_number,
      'nor makes another transaction or invoice',
      after.transactions,
    );
    let page = { status: 0, showsInvoice: false };
    if (retry.body?.successPath) {
      const response = await fetch(`${restarted.base}${retry.body.successPath}`, { headers: { cookie: retry.cookie } });
      const html = await response.text();
      page = { status: response.status, showsInvoice: Boolean(order?.invoice_number && html.includes(order.invoice_number)) };
    }
    checks.that(page.status === 200 && page.showsInvoice, 'the success page shows the invoice', page);

    return {
      title: `a killed server: SIGKILL during ${CONCURRENT_CHECKOUTS} checkouts, after a charge, before its answer; the restart settles every one, nothing lost, charged twice or left processing`,
      ok: checks.ok,
      checks: checks.lines,
      measures: {
        leftByKill: { charged: left.charged.size, openTransactions: openAtKill, keysInProgress: left.keysInProgress },
        afterRestart: settledOutcomes,
        retry: describeAnswer(retry),
        chargesOfTheRetriedAttempt: after.charges.length,
      },
    };
  } finally {
    for (const [index, server] of servers.entries()) {
      await server.stop();
      keepLog(index === 0 ? 'killed server (SANDBOX_FAULT=kill-after-charge)' : 'restarted server', server);
    }
    await db.destroy();
  }
}
