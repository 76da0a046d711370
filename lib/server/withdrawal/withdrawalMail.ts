import type { AccountBrand } from '@/lib/account/accountView';
import { dateTimeText } from '@/lib/account/accountWords';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { formatMoney } from '@/lib/pricing/money';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { withdrawalAcknowledgment } from '@/lib/server/mail/templates/withdrawalAcknowledgment';
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
  const site = transaction.order.acknowledgment?.origin ?? origin;
  const accountUrl = `${site}/account${transaction.livemode ? '' : '?livemode=false'}`;
  const content = withdrawalConfirmation({
    brand: mailBrandOf(transaction, brand),
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

/** The brand as the mail shows it: the catalogue's look, else the one the order kept. */
function mailBrandOf(transaction: Transaction, brand: AccountBrand | undefined) {
  const kept = transaction.order.acknowledgment;
  return { name: brand?.name ?? kept?.brandName ?? transaction.brandSlug, identity: brand?.identity ?? kept?.brandIdentity ?? null };
}

/**
 * The acknowledgment of a withdrawal declared on the public page, for the subscription's own
 * address `to`: its two links (tokens of WithdrawalLinkRepository) lead to the page that uses
 * them, on the order's own origin (else the site's).
 */
export function withdrawalAcknowledgmentMail(
  transaction: Transaction,
  to: string,
  refundAmount: number,
  links: { declaredAt: string; automaticAt: string; confirmToken: string; objectToken: string },
  brand: AccountBrand | undefined,
  origin: string,
): MailMessage {
  const site = transaction.order.acknowledgment?.origin ?? origin;
  const answerUrl = (token: string) => `${site}/withdraw/answer?token=${token}${transaction.livemode ? '' : '&livemode=false'}`;
  const content = withdrawalAcknowledgment({
    brand: mailBrandOf(transaction, brand),
    offerName: transaction.order.offer.name,
    livemode: transaction.livemode,
    receivedAt: dateTimeText(links.declaredAt),
    invoiceNumber: transaction.invoiceNumber ?? transaction.id,
    refundAmount: refundAmount > 0 ? formatMoney(refundAmount, transaction.currencyCode) : null,
    refundedTo: paymentMethodName(transaction.order.payment),
    automaticAt: dateTimeText(links.automaticAt),
    confirmUrl: answerUrl(links.confirmToken),
    objectUrl: answerUrl(links.objectToken),
  });
  return { to, kind: 'withdrawal-acknowledgment', ...content };
}
