import { useRef } from 'react';
import { readSession, writeSession } from '@/lib/browser/sessionStore';

interface Attempt {
  key: string;
  /** With Stripe: the payment method made for this attempt, reused when it is retried. */
  paymentMethodId?: string;
}

function parseAttempt(raw: string | null): Attempt | null {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<Attempt>) : null;
    if (!value || typeof value.key !== 'string') return null;
    return typeof value.paymentMethodId === 'string' ? { key: value.key, paymentMethodId: value.paymentMethodId } : { key: value.key };
  } catch {
    return null;
  }
}

/**
 * The current checkout attempt of a campaign: its idempotency key outlives a reload until
 * the attempt has a final answer, so a visitor who reloads after a lost answer resubmits
 * the same attempt and cannot be charged twice.
 */
export function useAttempt(campaignId: string) {
  const storageKey = `pj:attempt:${campaignId}`;
  const memory = useRef<Attempt | null>(null);
  const current = () => memory.current ?? parseAttempt(readSession(storageKey));
  const save = (attempt: Attempt | null) => {
    memory.current = attempt;
    writeSession(storageKey, attempt ? JSON.stringify(attempt) : null);
  };
  return {
    key(): string {
      const existing = current();
      if (existing) return existing.key;
      const created = { key: crypto.randomUUID() };
      save(created);
      return created.key;
    },
    paymentMethodId: () => current()?.paymentMethodId,
    rememberPaymentMethod(id: string) {
      save({ key: current()?.key ?? crypto.randomUUID(), paymentMethodId: id });
    },
    finish() {
      save(null);
    },
  };
}
