import type { Words } from '@/lib/i18n/words';
import type { WithdrawalReceipt } from '@/lib/withdrawal/withdrawalView';
import { dateTimeWords } from '@/lib/withdrawal/withdrawalWords';
import { useWords } from '@/components/shell/I18n';
import actions from './AccountActions.module.css';

/** What the refund of a withdrawal did, in words: made, under way, refused by the provider, or none to make. */
function refundSentence(words: Words, { refund, invoiceNumber }: WithdrawalReceipt): string {
  const values = { amount: words.money(refund.amount.cents, refund.amount.currency), to: refund.to, invoice: invoiceNumber };
  switch (refund.state) {
    case 'succeeded':
      return words.t('withdraw.receipt.refund.succeeded', values);
    case 'pending':
      return words.t('withdraw.receipt.refund.pending', values);
    case 'failed':
      return words.t('withdraw.receipt.refund.failed', values);
    case 'none':
      return words.t('withdraw.nothingToRefund');
  }
}

/**
 * The receipt of a withdrawal made from the account: the date and time it was received, what
 * was withdrawn from, the refund, and where the confirmation went (it was queued with the record).
 */
export function WithdrawalReceiptView({ receipt }: { receipt: WithdrawalReceipt }) {
  const words = useWords();
  const { t } = words;
  return (
    <div className={actions.notice} role="status" data-testid="withdrawal-receipt">
      <p>
        <strong>{t('withdraw.receipt.received', { receivedAt: dateTimeWords(words, receipt.receivedAt) })}</strong>
      </p>
      <p>{t('withdraw.receipt.withdrew', { brand: receipt.brandName, offer: receipt.offerName, invoice: receipt.invoiceNumber })}</p>
      <p data-testid="withdrawal-refund">{refundSentence(words, receipt)}</p>
      <p>{t('withdraw.receipt.emailed', { email: receipt.emailedTo })}</p>
    </div>
  );
}
