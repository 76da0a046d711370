import { isSandboxGateway, type PaymentGateway } from '@/lib/server/payments/PaymentGateway';

/** The faults the sandbox can inject (SANDBOX_FAULT), for the proofs in tests/proofs. */
export type SandboxFault = 'kill-after-charge' | 'kill-during-renewals';

/** What the sandbox is told to do besides answering as Stripe's test mode (tests and the bench only). */
export interface SandboxBehaviour {
  fault?: SandboxFault | undefined;
  /** `kill-during-renewals`: the kill comes once this many renewal charges were made (SANDBOX_FAULT_AFTER). */
  faultAfter?: number;
  /** A renewal charge is answered this long after it was made (SANDBOX_LATENCY_MS), as a real provider's. */
  renewLatencyMs?: number;
}

/** Ends this process at once, as a crash or an OOM kill would: no handler, no flush, no answer. */
const killThisProcess = () => void process.kill(process.pid, 'SIGKILL');

/** How long the server lives on after the charge: the other checkouts in flight reach their own charge meanwhile. */
const KILL_DELAY_MS = 1_000;

/**
 * The gateway with the fault injected: `kill-after-charge` kills the server a moment after a
 * charge has succeeded at the gateway, before the checkout records it or answers, the
 * moment at which a crash leaves a paid order behind. Charges asked for meanwhile (from the
 * moment that charge went to the gateway) never reach it, as when a crash comes just before
 * them: their checkouts die with a transaction written and nothing taken.
 * `kill-during-renewals` kills it at once when the `faultAfter`th renewal charge was made,
 * before its answer (and those of the charges still waiting out `renewLatencyMs`) is
 * recorded. A gateway that is not the sandbox's comes back untouched: no fault or delay
 * ever goes near real money.
 */
export function withSandboxFault(
  gateway: PaymentGateway,
  { fault, faultAfter = 100, renewLatencyMs = 0 }: SandboxBehaviour,
  kill: () => void = killThisProcess,
  killDelayMs = KILL_DELAY_MS,
): PaymentGateway {
  if ((!fault && renewLatencyMs === 0) || !isSandboxGateway(gateway.name)) return gateway;
  let dying = false;
  // The charge that may set the fault off: while it is at the gateway, others are held, so a
  // round always leaves checkouts written and not charged, however fast the machine's
  // database lets the others reach their own charge (a race the killed-server proof lost on
  // PostgreSQL once every charge had started before the first one came back).
  let firstUnderWay = false;
  const hold = () => new Promise<never>(() => {});
  const faulty: PaymentGateway = {
    name: gateway.name,
    inputKinds: gateway.inputKinds,
    charge: async (request) => {
      if (dying || (fault === 'kill-after-charge' && firstUnderWay)) return hold();
      if (fault === 'kill-after-charge') firstUnderWay = true;
      const result = await gateway.charge(request);
      // A charge that was under way when another one set the fault off: taken, never recorded.
      if (dying) return hold();
      if (fault !== 'kill-after-charge' || result.status !== 'succeeded') {
        firstUnderWay = false;
        return result;
      }
      dying = true;
      await new Promise((resolve) => setTimeout(resolve, killDelayMs));
      kill();
      return result;
    },
    retrieve: (paymentId, livemode) => gateway.retrieve(paymentId, livemode),
    lookupAttempt: (attempt) => gateway.lookupAttempt(attempt),
  };
  if (gateway.cardFingerprint) faulty.cardFingerprint = (payment, livemode) => gateway.cardFingerprint!(payment, livemode);
  if (gateway.resume) faulty.resume = (visit) => gateway.resume!(visit);
  if (gateway.pauseRenewals) faulty.pauseRenewals = (instrument, livemode) => gateway.pauseRenewals!(instrument, livemode);
  if (gateway.resumeRenewals) faulty.resumeRenewals = (instrument, livemode) => gateway.resumeRenewals!(instrument, livemode);
  if (gateway.renew) {
    let charged = 0;
    faulty.renew = async (request) => {
      if (dying) return hold();
      const result = await gateway.renew!(request);
      charged += 1;
      if (fault === 'kill-during-renewals' && charged >= faultAfter) {
        dying = true;
        kill();
        return hold();
      }
      if (renewLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, renewLatencyMs));
      return dying ? hold() : result;
    };
  }
  if (gateway.cancelRenewals) faulty.cancelRenewals = (instrument, livemode) => gateway.cancelRenewals!(instrument, livemode);
  if (gateway.renewAtProvider) faulty.renewAtProvider = (request) => gateway.renewAtProvider!(request);
  if (gateway.saveCard) faulty.saveCard = (request) => gateway.saveCard!(request);
  if (gateway.savedCard) faulty.savedCard = (setupId, livemode) => gateway.savedCard!(setupId, livemode);
  return gateway.setupIds ? { ...faulty, setupIds: gateway.setupIds } : faulty;
}
