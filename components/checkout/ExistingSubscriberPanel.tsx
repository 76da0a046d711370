import { useState, type RefObject } from 'react';
import { Loader } from '@/components/ui/Loader';
import styles from './ExistingSubscriberPanel.module.css';

export interface ExistingSubscriber {
  /** The address typed at the payment step, which already has a subscription. */
  email: string;
  /** E-mails a sign-in link to it; rejects with a message a person can read. */
  sendLink: () => Promise<void>;
}

interface ExistingSubscriberPanelProps extends ExistingSubscriber {
  /** Why the payment stopped (the server's words), focused like any payment failure. */
  message: string;
  messageRef: RefObject<HTMLParagraphElement | null>;
}

type Sending = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * The typed e-mail already subscribes to the brand, so nothing was charged: says so and
 * offers a sign-in link to that address (as Ghost does), rather than a second subscription.
 */
export function ExistingSubscriberPanel({ email, sendLink, message, messageRef }: ExistingSubscriberPanelProps) {
  const [sending, setSending] = useState<Sending>({ kind: 'idle' });
  const send = async () => {
    setSending({ kind: 'sending' });
    try {
      await sendLink();
      setSending({ kind: 'sent' });
    } catch (error) {
      setSending({ kind: 'failed', message: (error as Error).message });
    }
  };
  return (
    <div className={styles.panel} data-testid="existing-subscriber">
      <p id="payment-failure" ref={messageRef} tabIndex={-1} role="alert" className={styles.message}>
        {message}
      </p>
      {sending.kind === 'sent' ? (
        <p role="status" className={styles.sent}>
          We sent a sign-in link to <strong>{email}</strong>. Open it on this device to read and manage your subscription.
        </p>
      ) : (
        <button
          type="button"
          className={styles.send}
          onClick={() => void send()}
          aria-disabled={sending.kind === 'sending'}
          disabled={sending.kind === 'sending'}
        >
          {sending.kind === 'sending' && <Loader type="submission-processing" size="small" label="Sending the sign-in link" />}
          E-mail me a sign-in link
        </button>
      )}
      {sending.kind === 'failed' && (
        <p role="alert" className={styles.error}>
          {sending.message}
        </p>
      )}
    </div>
  );
}
