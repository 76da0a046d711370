import { useState } from 'react';
import Link from 'next/link';
import { ApiError } from '@/lib/api/apiErrors';
import type { UndoPurchaseAnswer, UndoPurchaseFacts, UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './UndoPurchase.module.css';

const TITLE = 'Undo a purchase';

/** What the purchase was, as the mail's reader knows it. */
function PurchaseFacts({ facts }: { facts: UndoPurchaseFacts }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Bought</dt>
        <dd>
          {facts.brandName}: {facts.offerName}
        </dd>
      </div>
      <div>
        <dt>When</dt>
        <dd>{facts.purchasedAt}</dd>
      </div>
      <div>
        <dt>Amount paid</dt>
        <dd>{facts.amount}</dd>
      </div>
    </dl>
  );
}

/** What happened to the money, in words that are true for each refund state. */
function refundWords(answer: UndoPurchaseAnswer): string {
  switch (answer.refund.status) {
    case 'succeeded':
      return `We refunded ${answer.refund.amount} in full and e-mailed you the credit note. It shows on your statement once your bank or wallet has processed it.`;
    case 'pending':
      return `The refund of ${answer.refund.amount} is under way with the payment provider; we will e-mail you when it is made.`;
    case 'already':
      return 'This payment had already been refunded, so nothing more was refunded.';
    case 'none':
      return 'Nothing was charged for it, so there is nothing to refund.';
  }
}

/**
 * /undo-purchase: the "Undo this purchase" link's page, for a purchase that started a second
 * subscription of a brand. Opening it changes nothing (a mail scanner follows links too);
 * its one button refunds the purchase in full and ends its subscription at once.
 */
export function UndoPurchasePage(props: UndoPurchasePageProps) {
  const api = useApiClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<UndoPurchaseAnswer | null>(null);
  const [alreadyUndone, setAlreadyUndone] = useState<string | null>(null);

  if (props.state === 'refused') {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title={TITLE} />
        <h1>{props.title}</h1>
        <p role="alert">{props.message}</p>
        <p>
          <Link href={props.livemode ? '/account' : '/account?livemode=false'}>Go to your account</Link>
        </p>
      </AccountFrame>
    );
  }

  if (props.state === 'undone' || alreadyUndone !== null) {
    return (
      <AccountFrame brand={null} livemode={props.livemode} email={null}>
        <DocumentTitle title={TITLE} />
        <h1>This purchase was undone</h1>
        <PurchaseFacts facts={props} />
        <div className={actions.notice} role="status" data-testid="purchase-undone">
          <p>
            {alreadyUndone ??
              `It was undone on ${props.state === 'undone' ? props.undoneAt : ''}: its subscription ended then${props.charged ? ', and the payment was refunded in full (or its refund is under way)' : ''}. There is nothing more to do.`}
          </p>
        </div>
      </AccountFrame>
    );
  }

  const undo = async () => {
    setSending(true);
    setError(null);
    try {
      setDone(await api.undoPurchase(props.token));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'undo_link_used') setAlreadyUndone(failure.message);
      else setError(failure instanceof Error ? failure.message : 'We could not undo this purchase. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <AccountFrame brand={null} livemode={props.livemode} email={null}>
      <DocumentTitle title={TITLE} />
      {done ? (
        <>
          <h1>Your purchase was undone</h1>
          <PurchaseFacts facts={props} />
          <div className={actions.notice} role="status" data-testid="purchase-undone">
            <p>
              The second {done.brandName} subscription ({done.offerName}) ended on {done.undoneAt}. {refundWords(done)} Your other{' '}
              {done.brandName} subscription goes on as before.
            </p>
          </div>
        </>
      ) : (
        <>
          <h1>Undo this purchase</h1>
          <p>
            You already had a {props.brandName} subscription, and this purchase started a second one. If you did not mean to buy it twice,
            undo it: this second subscription ends at once
            {props.charged ? ` and the ${props.amount} you paid is refunded in full` : ''}. Your other subscription is not changed.
          </p>
          <PurchaseFacts facts={props} />
          <FormActions
            error={error}
            errorTestId="undo-error"
            label={props.charged ? `Undo this purchase and refund ${props.amount}` : 'Undo this purchase'}
            busyLabel="Undoing your purchase…"
            sending={sending}
            tone="danger"
            onClick={() => void undo()}
          />
        </>
      )}
    </AccountFrame>
  );
}
