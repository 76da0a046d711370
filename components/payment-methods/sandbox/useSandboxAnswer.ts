import { useState } from 'react';

/**
 * A sandbox page's answer (the bank's 3-D Secure page, a wallet's approval page): which
 * outcome is being sent, and the error if sending failed. On success the visitor goes where
 * the server says; on failure the buttons come back, with the message.
 */
export function useSandboxAnswer<Outcome extends string>(send: (outcome: Outcome) => Promise<{ redirectTo: string }>) {
  const [sending, setSending] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (outcome: Outcome) => {
    setSending(outcome);
    setError(null);
    try {
      const { redirectTo } = await send(outcome);
      window.location.assign(redirectTo);
    } catch (caught) {
      setError((caught as Error).message);
      setSending(null);
    }
  };
  return { sending, error, answer };
}
