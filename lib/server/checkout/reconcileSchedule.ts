import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { serverContext } from '@/lib/server/context/serverContext';
import type { ProviderRenewalOutcome } from '@/lib/server/subscriptions/providerRenewals';
import { settleProviderRenewals } from '@/lib/server/subscriptions/providerRenewalsPass';
import { reconcileStuckAttempts, type AttemptOutcome } from './reconcileAttempts';

// Only instrumentation.ts starts the schedule, and Next loads it once per process, so a
// module's flag is enough (the server context is the one value kept on globalThis).
let started = false;

/** One line per attempt a pass did something with (ids and states only: no customer data). */
function log(outcomes: readonly AttemptOutcome[]): void {
  for (const outcome of outcomes) {
    const what = outcome.kind === 'answered' ? `answered ${outcome.status}` : `${outcome.kind}: ${outcome.reason}`;
    console.info(`[reconcile] ${outcome.transactionId} ${what}`);
  }
}

/** One line per subscription whose renewals a pass asked the provider about. */
function logRenewals(outcomes: readonly ProviderRenewalOutcome[]): void {
  for (const outcome of outcomes) {
    console.info(
      `[subscriptions] ${outcome.subscriptionId} ${outcome.kind === 'left' ? `left: ${outcome.reason}` : outcome.kind} at the provider`,
    );
  }
}

/** One job of a pass: one that fails (the database away) is tried again at the next pass, and holds no other back. */
async function attempt(label: string, job: () => Promise<void>): Promise<void> {
  try {
    await job();
  } catch (error) {
    console.error(`${label} pass failed:`, error);
  }
}

/**
 * Reconciles checkout attempts whose answer was lost, once when the server starts (not
 * awaited: traffic is taken meanwhile, and a submit of one of these attempts is safe
 * whichever comes first) and then every CHECKOUT_RECONCILE_INTERVAL_SECONDS, one pass
 * at a time. Each pass then settles at PayPal what a cancellation (or a resume) could not
 * tell it at once (providerRenewalsPass.ts), and the refunds left pending (lib/server/refunds).
 * Once per process, whoever calls it.
 */
export function startCheckoutReconciliation(
  env: Pick<ServerEnv, 'CHECKOUT_RECONCILE_GRACE_SECONDS' | 'CHECKOUT_RECONCILE_INTERVAL_SECONDS'>,
): void {
  if (started) return;
  started = true;
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      await attempt('[reconcile]', async () => {
        const { checkout } = await serverContext();
        log(await reconcileStuckAttempts({ ...checkout, graceMs: env.CHECKOUT_RECONCILE_GRACE_SECONDS * 1000 }));
      });
      await attempt('[subscriptions] renewals', async () => {
        const { checkout } = await serverContext();
        logRenewals(await settleProviderRenewals({ ...checkout, log: (line, error) => console.error(line, error) }));
      });
      await attempt('[refunds]', async () => {
        // Refunds a provider makes later (Amazon Pay's), read back; ones never answered, sent again under their key.
        const settled = await (await serverContext()).refunds.settlePending();
        if (settled > 0) console.info(`[refunds] ${settled} pending refund(s) settled`);
      });
    } finally {
      running = false;
    }
  };
  void pass();
  if (env.CHECKOUT_RECONCILE_INTERVAL_SECONDS > 0) setInterval(() => void pass(), env.CHECKOUT_RECONCILE_INTERVAL_SECONDS * 1000).unref();
}
