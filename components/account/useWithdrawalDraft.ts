import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { readSession, writeSession } from '@/lib/browser/sessionStore';

export type WithdrawalDetails = { email: string; invoiceNumber: string; name: string };
export type WithdrawalStep = 'details' | 'confirm' | 'received';

interface Draft {
  details: WithdrawalDetails;
  receivedAt: string | null;
}

const KEY = 'PJ_withdrawal_draft';
const EMPTY: Draft = { details: { email: '', invoiceNumber: '', name: '' }, receivedAt: null };
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

function readDraft(): Draft {
  try {
    const stored = JSON.parse(readSession(KEY) ?? 'null') as { details?: Record<string, unknown>; receivedAt?: unknown } | null;
    if (!stored?.details) return EMPTY;
    return {
      details: {
        email: text(stored.details.email, 320),
        invoiceNumber: text(stored.details.invoiceNumber, 64),
        name: text(stored.details.name, 200),
      },
      receivedAt: typeof stored.receivedAt === 'string' && !Number.isNaN(Date.parse(stored.receivedAt)) ? stored.receivedAt : null,
    };
  } catch {
    return EMPTY;
  }
}

/**
 * The public withdrawal's steps as entries of the browser's history (`?step=confirm`, then
 * `?step=received`, shallow), and what was typed kept in session storage: Back from the
 * summary returns to the filled-in details, and a reload keeps the step, the details and the
 * receipt. `restored` is false until the stored draft was read (after hydration).
 */
export function useWithdrawalDraft() {
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    setDraft(readDraft());
    setRestored(true);
  }, []);
  useEffect(() => {
    if (restored) writeSession(KEY, JSON.stringify(draft));
  }, [draft, restored]);

  const asked = router.query.step;
  const step: WithdrawalStep = asked === 'confirm' || asked === 'received' ? asked : 'details';
  const goTo = (next: WithdrawalStep, how: 'push' | 'replace' = 'push') => {
    const { step: _step, ...query } = router.query;
    void router[how]({ pathname: router.pathname, query: next === 'details' ? query : { ...query, step: next } }, undefined, {
      shallow: true,
      scroll: false,
    }).catch(() => undefined);
  };
  return {
    restored,
    step,
    details: draft.details,
    receivedAt: draft.receivedAt,
    setDetails: (details: WithdrawalDetails) => setDraft({ details, receivedAt: null }),
    received: (receivedAt: string) => {
      setDraft((current) => ({ ...current, receivedAt }));
      goTo('received', 'replace');
    },
    /** Starts again with empty details (another contract). */
    clear: () => {
      setDraft(EMPTY);
      goTo('details');
    },
    goTo,
  };
}
