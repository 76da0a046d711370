import type { AccountBrand } from '@/lib/account/accountView';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { MailMessage } from '@/lib/server/mail/MailMessage';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { withdrawalAcknowledgment } from '@/lib/server/mail/templates/withdrawalAcknowledgment';
import { withdrawalConfirmation } from '@/lib/server/mail/templates/withdrawalConfirmation';

/**
 * The confirmation of a withdrawal, for `to`: in the brand's look, with links from the
 * order's own origin (else the site's), naming what is refunded (`refundAmount` minor units;
 * 0 when nothing was paid). In the order's language, its times on the buyer's clock.
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
  const { words, dateTime, money } = mailFormats(transaction);
  const content = withdrawalConfirmation(
    {
      brand: mailBrandOf(transaction, brand),
      offerName: transaction.order.offer.name,
      livemode: transaction.livemode,
      receivedAt: dateTime(receivedAt.toISOString()),
      invoiceNumber: transaction.invoiceNumber ?? transaction.id,
      refundAmount: refundAmount > 0 ? money(refundAmount, transaction.currencyCode) : null,
      whole: refundAmount >= transaction.total,
      refundedTo: paymentMethodName(transaction.order.payment, words),
      accountUrl,
    },
    words,
  );
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
 * them, on the order's own origin (else the site's). In the order's language, its times on
 * the buyer's clock.
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
  const { words, dateTime, money } = mailFormats(transaction);
  const content = withdrawalAcknowledgment(
    {
      brand: mailBrandOf(transaction, brand),
      offerName: transaction.order.offer.name,
      livemode: transaction.livemode,
      receivedAt: dateTime(links.declaredAt),
      invoiceNumber: transaction.invoiceNumber ?? transaction.id,
      refundAmount: refundAmount > 0 ? money(refundAmount, transaction.currencyCode) : null,
      refundedTo: paymentMethodName(transaction.order.payment, words),
      automaticAt: dateTime(links.automaticAt),
      confirmUrl: answerUrl(links.confirmToken),
      objectUrl: answerUrl(links.objectToken),
    },
    words,
  );
  return { to, kind: 'withdrawal-acknowledgment', ...content };
}
