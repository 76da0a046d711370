import { useEffect, useRef, useState, type FormEvent } from 'react';
import { readSession, writeSession } from '@/lib/browser/sessionStore';

/** Where the typed address waits for a reload (this tab only). */
const TYPED_EMAIL_KEY = 'pj_sign_in_email';

/**
 * The state of a form that asks for an e-mailed sign-in link (the account's sign-in and a
 * campaign's auth/initiate): "sent" only once the server answered that the mail was queued,
 * and focus following what changed, the confirmation once sent, the field when it has a problem.
 * What was typed survives a reload of the tab (read after the first render, so the server's
 * HTML and the browser's agree).
 */
export function useSignInLinkRequest(initialEmail: string, request: (email: string) => Promise<void>) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const typed = readSession(TYPED_EMAIL_KEY);
    if (!initialEmail && typed) setEmail(typed);
  }, [initialEmail]);
  const typeEmail = (value: string) => {
    setEmail(value);
    writeSession(TYPED_EMAIL_KEY, value || null);
  };
  useEffect(() => {
    if (sent) confirmation.current?.focus();
    else if (error) input.current?.focus();
  }, [sent, error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!address) {
      setError('Enter your email address.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await request(address);
      setSent(address);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSending(false);
    }
  };

  /** Back to the form, to use another address. */
  const chooseAnotherAddress = () => {
    setSent(null);
    setTimeout(() => input.current?.focus(), 0);
  };

  return { email, setEmail: typeEmail, error, sending, sent, submit, chooseAnotherAddress, input, confirmation };
}
