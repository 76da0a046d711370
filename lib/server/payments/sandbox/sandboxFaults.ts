import { isSandboxGateway, type PaymentGateway } from '@/lib/server/payments/PaymentGateway';

/** The faults the sandbox can inject (SANDBOX_FAULT), for the proofs in tests/proofs. */
export type SandboxFault = 'kill-after-charge';

/** Ends this process at once, as a crash or an OOM kill would: no handler, no flush, no answer. */
const killThisProcess = () => void process.kill(process.pid, 'SIGKILL');

/** How long the server lives on after the charge: the other checkouts in flight reach their own charge meanwhile. */
const KILL_DELAY_MS = 1_000;

/**
 * The gateway with the fault injected: `kill-after-charge` kills the server a moment after a
 * charge has succeeded at the gateway, before the checkout records it or answers, the
 * moment at which a crash leaves a paid order behind. Charges asked for meanwhile never
 * reach the gateway, as when a crash comes just before them: their checkouts die with a
 * transaction written and nothing taken; those already under way are taken and never recorded. A gateway that is not the sandbox's comes back
 * untouched: no fault ever goes near real money.
 */
export function withSandboxFault(
  gateway: PaymentGateway,
  fault: SandboxFault | undefined,
  kill: () => void = killThisProcess,
  killDelayMs = KILL_DELAY_MS,
): PaymentGateway {
  if (!fault || !isSandboxGateway(gateway.name)) return gateway;
  let dying = false;
  const hold = () => new Promise<never>(() => {});
  const faulty: PaymentGateway = {
    name: gateway.name,
    inputKinds: gateway.inputKinds,
    charge: async (request) => {
      if (dying) return hold();
      const result = await gateway.charge(request);
      // A charge that was under way when another one set the fault off: taken, never recorded.
      if (dying) return hold();
      if (result.status !== 'succeeded') return result;
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
  if (gateway.renew) faulty.renew = (request) => gateway.renew!(request);
  if (gateway.cancelRenewals) faulty.cancelRenewals = (instrument, livemode) => gateway.cancelRenewals!(instrument, livemode);
  if (gateway.renewAtProvider) faulty.renewAtProvider = (request) => gateway.renewAtProvider!(request);
  if (gateway.saveCard) faulty.saveCard = (request) => gateway.saveCard!(request);
  if (gateway.savedCard) faulty.savedCard = (setupId, livemode) => gateway.savedCard!(setupId, livemode);
  return gateway.setupIds ? { ...faulty, setupIds: gateway.setupIds } : faulty;
}
