import { useRef, useState } from 'react';
import Link from 'next/link';
import type { WithdrawalAnswer, WithdrawalAnswerPageProps } from '@/lib/withdrawal/withdrawalView';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import { WithdrawalReceiptView } from './WithdrawalReceiptView';
import actions from './AccountActions.module.css';

const TITLES = { confirm: 'Confirm withdrawal', object: 'This was not me' } as const;

/**
 * /withdraw/answer: the page of a link in the acknowledgment of a withdrawal declared on the
 * public page. Opening it changes nothing (a mail scanner follows links too); its one button
 * confirms the withdrawal (ended and refunded now) or says it was not the subscriber (kept).
 */
export function WithdrawalAnswerPage(props: WithdrawalAnswerPageProps) {
  const api = useApiClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<WithdrawalAnswer | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const accountHref = props.livemode ? '/account' : '/account?livemode=false';

  if (props.state === 'refused') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title="Your withdrawal" />
        <h1>We could not use this link</h1>
        <p role="alert">{props.message}</p>
        <p>
          <Link href={accountHref}>Go to your account</Link>
        </p>
      </AccountFrame>
    );
  }

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      setAnswer(await api.answerWithdrawal(props.token));
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'We could not record your answer. Please reload the page.');
    } finally {
      setSending(false);
    }
  };

  if (answer?.answer === 'confirmed') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title="Withdrawal confirmed" />
        <h1 ref={heading} tabIndex={-1}>
          Withdrawal confirmed
        </h1>
        <WithdrawalReceiptView receipt={answer.withdrawal} />
        <p>
          <Link href={accountHref}>Go to your account</Link>
        </p>
      </AccountFrame>
    );
  }

  if (answer?.answer === 'objected') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title="Your subscription continues" />
        <h1 ref={heading} tabIndex={-1}>
          Your subscription continues
        </h1>
        <div className={actions.notice} role="status" data-testid="withdrawal-objected">
          <p>
            Thank you for telling us. The withdrawal from {props.brandName}: {answer.offerName} was not carried out: nothing has ended and
            nothing is refunded. Our customer care has been told that someone else used your details on our withdrawal page.
          </p>
        </div>
        <p>
          <Link href={accountHref}>Go to your account</Link>
        </p>
      </AccountFrame>
    );
  }

  const contract = `${props.brandName}: ${props.offerName} (invoice ${props.invoiceNumber})`;
  return (
    <AccountFrame brand={null} livemode={props.livemode} email={null}>
      <DocumentTitle title={TITLES[props.purpose]} />
      {props.purpose === 'confirm' ? (
        <>
          <h1>Confirm your withdrawal</h1>
          <p data-testid="withdrawal-link-summary">
            A withdrawal from {contract} was received on {props.receivedText}, and counts from then. Confirm it, and the subscription ends
            now and what was paid for it is refunded. Without an answer, this happens on {props.automaticText}.
          </p>
          <FormActions
            error={error}
            label="Confirm withdrawal"
            busyLabel="Confirming…"
            sending={sending}
            tone="danger"
            onClick={() => void send()}
          />
        </>
      ) : (
        <>
          <h1>Was this withdrawal not you?</h1>
          <p data-testid="withdrawal-link-summary">
            A withdrawal from {contract} was declared on our withdrawal page on {props.receivedText}. If it was not you, tell us: the
            subscription continues unchanged, and our customer care is told.
          </p>
          <FormActions error={error} label="This was not me" busyLabel="Sending…" sending={sending} onClick={() => void send()} />
        </>
      )}
    </AccountFrame>
  );
}
