import { randomUUID } from 'node:crypto';
import { transactionIdFor } from '@/lib/server/checkout/submitService';
import { attemptState, describeAnswer, submit, submitBody } from './checkout';
import { Checks, pollUntil, type ProofResult } from './proof';
import { openDatabase, startServer, type ProofServer } from './server';

/** A short grace, so that the restarted server reconciles at once (in production: 60 s, CHECKOUT_RECONCILE_GRACE_SECONDS). */
const RECONCILE = { CHECKOUT_RECONCILE_GRACE_SECONDS: '1', CHECKOUT_RECONCILE_INTERVAL_SECONDS: '1' };

/**
 * A killed server: the sandbox kills the server with SIGKILL right after it took the
 * payment, before the order is recorded or answered (SANDBOX_FAULT=kill-after-charge). A
 * server restarted on the same database completes the order by itself (no retry, no
 * webhook): one charge, the transaction succeeded with its subscription and invoice. The
 * visitor's retry of the same submit then gets the success, with no second charge, and
 * the success page shows the invoice.
 */
export async function killedServer(
  databaseUrl: string,
  port: number,
  keepLog: (name: string, server: ProofServer) => void = () => {},
): Promise<ProofResult> {
  const checks = new Checks();
  const key = randomUUID();
  const body = submitBody(key);
  const db = openDatabase(databaseUrl);
  const servers: ProofServer[] = [];
  try {
    const doomed = await startServer(databaseUrl, port, { ...RECONCILE, SANDBOX_FAULT: 'kill-after-charge' });
    servers.push(doomed);
    const cut = await submit(doomed.base, body, 30_000);
    const ended = await Promise.race([doomed.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000))]);
    checks.that(cut.status === 0, 'the submit got no answer: the server died during it', describeAnswer(cut));
    checks.that(ended?.signal === 'SIGKILL', 'the server was killed by SIGKILL', ended);
    const left = await attemptState(db, key);
    checks.that(
      left.charges.length === 1 && left.charges[0]?.status === 'succeeded',
      'it died after the gateway took the payment',
      left.charges,
    );
    checks.that(
      left.transactions[0]?.status === 'processing' && !left.transactions[0]?.invoice_number,
      'and before the order was recorded (transaction processing, no invoice)',
      left.transactions,
    );
    checks.that(left.key?.state === 'in_progress', "and before it was answered (the attempt's key in progress)", left.key);

    const restarted = await startServer(databaseUrl, port, RECONCILE);
    servers.push(restarted);
    const settled = await pollUntil(
      () => attemptState(db, key),
      (state) => state.transactions[0]?.status === 'succeeded' && state.key?.state === 'done',
      30_000,
    );
    const order = settled.transactions[0];
    checks.that(order?.status === 'succeeded', 'the restarted server completed the order by itself', order);
    checks.that(Boolean(order?.subscription_id && order?.invoice_number), 'with its subscription id and invoice number', order);
    checks.that(order?.gateway_payment_id === settled.charges[0]?.id, 'paid by the one charge', {
      order: order?.gateway_payment_id,
      charge: settled.charges[0]?.id,
    });
    checks.that(settled.key?.state === 'done', "the attempt's key holds the answer", settled.key?.state);
    checks.that(
      restarted.output().includes(`[reconcile] ${transactionIdFor(key)} answered succeeded`),
      'by its reconciliation pass (server log)',
    );

    const retry = await submit(restarted.base, body);
    checks.that(
      retry.status === 200 && retry.body?.status === 'succeeded' && retry.body.transactionId === transactionIdFor(key),
      "the visitor's retry of the same submit gets the success",
      describeAnswer(retry),
    );
    const after = await attemptState(db, key);
    checks.that(after.charges.length === 1, 'and charges nothing more (one charge)', after.charges.length);
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
      title: 'a killed server: SIGKILL after the charge, before the answer; the restart completes the order, nothing lost or charged twice',
      ok: checks.ok,
      checks: checks.lines,
      measures: {
        leftByKill: { transaction: left.transactions[0]?.status ?? null, key: left.key?.state ?? null, charges: left.charges.length },
        afterRestart: {
          transaction: order?.status ?? null,
          invoice: order?.invoice_number ?? null,
          key: settled.key?.state ?? null,
          charges: settled.charges.length,
        },
        retry: describeAnswer(retry),
        chargesInTheEnd: after.charges.length,
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
