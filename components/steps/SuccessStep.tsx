import { useEffect, useRef } from 'react';
import Head from 'next/head';
import Link from 'next/link';
import type { StepProps } from './registry';
import { writeCart, writePromoCode } from '@/lib/cart/useCart';
import { journeyHref, signInHref } from '@/lib/journey/navigation';
import { purchaseFor } from '@/lib/tracking/commerce';
import { buildSuccessMagicLinkClick, buildSuccessPageLoad } from '@/lib/tracking/events';
import { track } from '@/lib/tracking/track';
import { pageContext } from '@/lib/tracking/useTrackOnce';
import { marketingPermissionsEvent } from '@/lib/tracking/marketingPermissions';
import { takeOrderTracking } from '@/lib/checkout/orderTracking';
import { formatMoney } from '@/lib/pricing/money';
import styles from './SuccessStep.module.css';

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/**
 * The success page: the invoice of the visitor's own order. Without the receipt of a
 * payment made in this browser, it shows nothing of any order.
 */
export default function SuccessStep({ flow, base, search, mode, transaction }: StepProps) {
  const paid = transaction?.status === 'succeeded';
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!paid || !transaction || reported.current === transaction.id) return;
    reported.current = transaction.id;
    // Only the tab that placed the order reports it, once: a reload finds nothing to take.
    const order = takeOrderTracking(flow.campaignId);
    if (!order) return;
    track(buildSuccessPageLoad(pageContext(flow.campaignId)));
    track(purchaseFor(transaction, flow.campaignId, mode.source, Date.now()));
    void marketingPermissionsEvent({
      choices: order.marketing,
      email: transaction.customer.email,
      country: transaction.customer.country,
      brandSlug: flow.brand_slug,
      campaignId: flow.campaignId,
      livemode: transaction.livemode,
    }).then(track);
  }, [paid, transaction, flow.campaignId, flow.brand_slug, mode.source]);
  useEffect(() => {
    if (!paid) return;
    // The order is placed: the next visit starts with an empty cart.
    writeCart(flow.campaignId, []);
    writePromoCode(flow.campaignId, null);
  }, [paid, flow.campaignId]);

  if (!transaction) {
    return (
      <div className={styles.success}>
        <Head>
          <title>{`Order | ${flow.brandName}`}</title>
        </Head>
        <h1>We can’t show this order</h1>
        <p>
          Order details are shown only in the browser that placed the order. If you subscribed, your confirmation email has the
          details.
        </p>
        <p>
          <Link href={journeyHref(base, '', search)}>See our subscription offers</Link>
        </p>
      </div>
    );
  }
  if (!paid) {
    return (
      <div className={styles.success}>
        <Head>
          <title>{`Payment not complete | ${flow.brandName}`}</title>
        </Head>
        <h1>Your payment is not complete</h1>
        <p>{transaction.status === 'failed' ? 'The payment did not go through, and nothing was charged.' : 'Your bank has not confirmed the payment yet.'}</p>
        <p>
          <Link href={journeyHref(base, 'credit-card', search)}>Return to payment</Link>
        </p>
      </div>
    );
  }

  const { invoice, offer } = transaction;
  const money = (cents: number) => formatMoney(cents, invoice.currencyCode);
  return (
    <div className={styles.success}>
      <Head>
        <title>{`Thank you | ${flow.brandName}`}</title>
      </Head>
      <h1>Thank you, {transaction.customer.firstName}!</h1>
      <p className={styles.lead}>
        {offer.trialOffer ? `Your ${offer.trialDays}-day free trial of ${offer.name} has started.` : `Your ${offer.name} subscription is active.`} We
        have sent a confirmation to <strong>{transaction.customer.email}</strong>.
      </p>
      <section className={styles.invoice} aria-labelledby="invoice-heading">
        <h2 id="invoice-heading">Invoice {invoice.invoiceNumber}</h2>
        <dl className={styles.rows} data-testid="invoice">
          {invoice.lines.map((line) => (
            <div key={line.offerId} className={styles.row}>
              <dt>{line.name}</dt>
              <dd>{money(line.amount)}</dd>
            </div>
          ))}
          {invoice.summaryTotal.discount.amount > 0 && (
            <div className={styles.row} data-testid="invoice-discount">
              <dt>Discount{invoice.summaryTotal.discount.promoCode ? ` (${invoice.summaryTotal.discount.promoCode})` : ''}</dt>
              <dd>−{money(invoice.summaryTotal.discount.amount)}</dd>
            </div>
          )}
          <div className={styles.row} data-testid="invoice-tax">
            <dt>{invoice.taxRate.rate > 0 ? invoice.taxRate.label : 'Tax'}</dt>
            <dd>{invoice.taxRate.inclusive && invoice.tax > 0 ? `${money(invoice.tax)} included` : money(invoice.tax)}</dd>
          </div>
          <div className={`${styles.row} ${styles.total}`} data-testid="invoice-total">
            <dt>Total paid</dt>
            <dd>{money(invoice.summaryTotal.total)}</dd>
          </div>
        </dl>
        <dl className={styles.details}>
          <div>
            <dt>Payment method</dt>
            <dd data-testid="invoice-payment-method">
              {BRAND_NAMES[transaction.paymentMethod.brand] ?? 'Card'}
              {transaction.paymentMethod.last4 ? ` ending in ${transaction.paymentMethod.last4}` : ''}
            </dd>
          </div>
          <div>
            <dt>Subscription</dt>
            <dd data-testid="invoice-subscription">{transaction.subscription?.id}</dd>
          </div>
        </dl>
      </section>
      <section className={styles.next} aria-labelledby="start-reading-heading">
        <h2 id="start-reading-heading">Start reading</h2>
        <p>
          Sign in to {flow.brandName} with {transaction.customer.email} to read everything your subscription includes.{' '}
          <Link
            href={signInHref(base, 'success', search, 'magic-link')}
            onClick={() => track(buildSuccessMagicLinkClick(flow.campaignId))}
          >
            Email me a sign-in link
          </Link>
        </p>
      </section>
    </div>
  );
}
