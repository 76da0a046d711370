import type { AccountBrand } from '@/lib/account/accountView';
import { dateTimeText } from '@/lib/account/accountWords';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { formatMoney } from '@/lib/pricing/money';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { withdrawalConfirmation } from '@/lib/server/mail/templates/withdrawalConfirmation';

/**
 * The confirmation of a withdrawal, for `to`: in the brand's look, with links from the
 * order's own origin (else the site's), naming what is refunded (`refundAmount` minor units;
 * 0 when nothing was paid).
 */
export function withdrawalMail(
  transaction: Transaction,
  to: string,
  refundAmount: number,
  receivedAt: Date,
  brand: AccountBrand | undefined,
  origin: string,
): MailMessage {
  const kept = transaction.order.acknowledgment;
  const site = kept?.origin ?? origin;
  const accountUrl = `${site}/account${transaction.livemode ? '' : '?livemode=false'}`;
  const content = withdrawalConfirmation({
    brand: { name: brand?.name ?? kept?.brandName ?? transaction.brandSlug, identity: brand?.identity ?? kept?.brandIdentity ?? null },
    offerName: transaction.order.offer.name,
    livemode: transaction.livemode,
    receivedAt: dateTimeText(receivedAt.toISOString()),
    invoiceNumber: transaction.invoiceNumber ?? transaction.id,
    refundAmount: refundAmount > 0 ? formatMoney(refundAmount, transaction.currencyCode) : null,
    whole: refundAmount >= transaction.total,
    refundedTo: paymentMethodName(transaction.order.payment),
    accountUrl,
  });
  return { to, kind: 'withdrawal', ...content };
}
