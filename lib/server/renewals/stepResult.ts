import type { RenewalInstrument } from '@/lib/server/payments/PaymentGateway';

/** A provider out of reach, or its gateway not enabled here: looked at again this much later (real time). */
export const RETRY_UNREACHED_MS = 5 * 60_000;

/**
 * What one renewal step did. `taken`: done, the run goes on (declinedWith: a try failed on
 * this instrument, null when none was kept). `left`: the step could not be finished and the
 * subscription is looked at again `retryInMs` later (real time). The label is for the logs
 * only: what the run does next is read from `kind`.
 */
export type StepResult = { kind: 'taken'; label: string; declinedWith?: RenewalInstrument | null } | LeftStep;

export type LeftStep = { kind: 'left'; label: string; retryInMs: number };

export const taken = (label: string, declinedWith?: RenewalInstrument | null): StepResult =>
  declinedWith === undefined ? { kind: 'taken', label } : { kind: 'taken', label, declinedWith };

/** A step left for later; its label says why, after `left: ` (read by people, never by code). */
export const leftForLater = (reason: string): LeftStep => ({ kind: 'left', label: `left: ${reason}`, retryInMs: RETRY_UNREACHED_MS });
