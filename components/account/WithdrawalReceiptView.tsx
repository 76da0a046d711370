import type { WithdrawalReceipt } from '@/lib/withdrawal/withdrawalView';
import actions from './AccountActions.module.css';

/** What the refund of a withdrawal did, in words: made, under way, refused by the provider, or none to make. */
function refundSentence({ refund, invoiceNumber }: WithdrawalReceipt): string {
  switch (refund.state) {
    case 'succeeded':
      return `We refunded ${refund.amount} to ${refund.to}.`;
    case 'pending':
      return `Your refund of ${refund.amount} to ${refund.to} is under way.`;
    case 'failed':
      return `${refund.to} did not accept the refund of ${refund.amount}. Please contact us and quote invoice ${invoiceNumber}: you are owed ${refund.amount}.`;
    case 'none':
      return 'Nothing was charged, so there is nothing to refund.';
  }
}

/**
 * The receipt of a withdrawal made from the account: the date and time it was received, what
 * was withdrawn from, the refund, and where the confirmation went (it was queued with the record).
 */
export function WithdrawalReceiptView({ receipt }: { receipt: WithdrawalReceipt }) {
  return (
    <div className={actions.notice} role="status" data-testid="withdrawal-receipt">
      <p>
        <strong>Withdrawal received on {receipt.receivedText}.</strong>
      </p>
      <p>
        You withdrew from {receipt.brandName}: {receipt.offerName} (invoice {receipt.invoiceNumber}). The subscription has ended, and your
        access with it.
      </p>
      <p data-testid="withdrawal-refund">{refundSentence(receipt)}</p>
      <p>We have e-mailed a confirmation to {receipt.emailedTo}.</p>
    </div>
  );
}
