import { useCallback, useEffect, useRef, useState } from 'react';
import { readSession, writeSession } from '@/lib/browser/sessionStore';
import { draftKey, parseDraft, withPrefill, type CheckoutDraft } from './checkoutDraft';

/** Forgets what was typed for a campaign's order (it is placed): the next order starts afresh. */
export function forgetCheckoutDraft(campaignId: string): void {
  writeSession(draftKey(campaignId), null);
}

/**
 * The payment step's form, starting as the server rendered it (so the first render matches
 * the server's HTML), restored from the tab's session storage right after mount, and saved
 * with every change the visitor makes.
 */
export function useCheckoutDraft(
  campaignId: string,
  initial: CheckoutDraft,
): [CheckoutDraft, (change: (draft: CheckoutDraft) => CheckoutDraft) => void] {
  const [draft, setDraft] = useState(initial);
  const latest = useRef(initial);
  useEffect(() => {
    // What the server prefilled (a signed-in e-mail, the cart's country) fills what the draft left empty.
    const restored = withPrefill(parseDraft(readSession(draftKey(campaignId)), latest.current), latest.current.billing);
    latest.current = restored;
    setDraft(restored);
  }, [campaignId]);
  const update = useCallback(
    (change: (current: CheckoutDraft) => CheckoutDraft) => {
      const next = change(latest.current);
      latest.current = next;
      writeSession(draftKey(campaignId), JSON.stringify(next));
      setDraft(next);
    },
    [campaignId],
  );
  return [draft, update];
}
