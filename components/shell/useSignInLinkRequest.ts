import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useWords } from '@/components/shell/I18n';
import { accountErrorText } from '@/lib/account/accountErrors';
import { failureCode } from '@/lib/account/apiFailure';
import { readSession, writeSession } from '@/lib/browser/sessionStore';
import { LIMITS_PATH } from '@/lib/operators/operatorPaths';

/** Where the typed address waits for a reload (this tab only). */
const TYPED_EMAIL_KEY = 'pj_sign_in_email';

/**
 * The state of a form that asks for an e-mailed sign-in link (the account's sign-in and a
 * campaign's auth/initiate): "sent" only once the server answered that the mail was queued,
 * and focus following what changed, the confirmation once sent, the field when it has a problem.
 * What was typed survives a reload of the tab (read after the first render, so the server's
 * HTML and the browser's agree). A problem is worded in the page's language by its code
 * (`livemode` false: a limit's refusal says how QA lifts it).
 */
export function useSignInLinkRequest(initialEmail: string, request: (email: string) => Promise<void>, livemode: boolean) {
  const words = useWords();
  const [email, setEmail] = useState(initialEmail);
  // The problem's code ('email_missing' before anything was sent); null for a failure that is no answer of ours.
  const [problem, setProblem] = useState<{ code: string | null } | null>(null);
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
    else if (problem) input.current?.focus();
  }, [sent, problem]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!address) {
      setProblem({ code: 'email_missing' });
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await request(address);
      setSent(address);
    } catch (failure) {
      setProblem({ code: failureCode(failure) });
    } finally {
      setSending(false);
    }
  };

  /** Back to the form, to use another address. */
  const chooseAnotherAddress = () => {
    setSent(null);
    setTimeout(() => input.current?.focus(), 0);
  };

  const error = problem
    ? accountErrorText(words, 'signInLink', problem.code, { mode: livemode ? 'live' : 'test', limits: LIMITS_PATH })
    : null;
  return { email, setEmail: typeEmail, error, sending, sent, submit, chooseAnotherAddress, input, confirmation };
}
