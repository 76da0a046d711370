import { useEffect, useRef, useState } from 'react';
import { readSession, writeSession } from '../browser/sessionStore';
import { draftKey, parseDraft, withPrefill, type CheckoutDraft } from './checkoutDraft';

/**
 * The payment step's form, starting as the server rendered it and restored from the tab's
 * session storage right after mount (so the first render matches the server's HTML), then
 * saved on every change.
 */
export function useCheckoutDraft(campaignId: string, initial: CheckoutDraft): [CheckoutDraft, (change: (draft: CheckoutDraft) => CheckoutDraft) => void] {
  const [draft, setDraft] = useState(initial);
  const restored = useRef(false);
  useEffect(() => {
    // What the server prefilled (a signed-in e-mail, the cart's country) fills what the draft left empty.
    setDraft((current) => withPrefill(parseDraft(readSession(draftKey(campaignId)), current), current.billing));
    restored.current = true;
  }, [campaignId]);
  useEffect(() => {
    if (restored.current) writeSession(draftKey(campaignId), JSON.stringify(draft));
  }, [campaignId, draft]);
  return [draft, (change) => setDraft(change)];
}
