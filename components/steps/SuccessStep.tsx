import { useEffect, useLayoutEffect, useRef } from 'react';
import Link from 'next/link';
import type { StepViewProps } from './stepViewProps';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { forgetCheckoutDraft } from '@/lib/checkout/useCheckoutDraft';
import { orderStartedSentence } from '@/lib/catalogue/offerCopy';
import { addDays, formatDate, isoDate, nextChargeDate } from '@/lib/pricing/renewalDates';
import { signInHref, stepHref } from '@/lib/journey/navigation';
import { purchaseFor } from '@/lib/tracking/commerce';
import { buildSuccessMagicLinkClick, buildSuccessPageLoad } from '@/lib/tracking/events';
import { track } from '@/lib/tracking/track';
import { pageContext } from '@/lib/tracking/useTrackOnce';
import { marketingPermissionsEvent } from '@/lib/tracking/marketingPermissions';
import { takeOrderTracking } from '@/lib/checkout/orderTracking';
import { continuePageView } from '@/lib/tracking/tracingSession';
import { formatMoney } from '@/lib/pricing/money';
import styles from './SuccessStep.module.css';
import rows from '@/components/ui/OrderRows.module.css';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { InvoicePriceTerms } from './InvoicePriceTerms';

/** The account, in the order's mode (a test order's subscription shows in test mode); signed out, its sign-in with the address filled in. */
function accountHref(signedIn: boolean, livemode: boolean, email: string): string {
  const account = livemode ? '/account' : '/account?livemode=false';
  return signedIn ? account : `/account/sign-in?${new URLSearchParams({ email, return: account }).toString()}`;
}

/** How long the first print issue takes to arrive, from the order (the publisher's delivery promise). */
const PRINT_FIRST_ISSUE_DAYS = 21;

/**
 * The success page: the invoice of the visitor's own order, its next renewal and, for
 * print, when the first issue arrives. Without the receipt of a payment made in this
 * browser, it shows nothing of any order. The server empties the cart once it is paid.
 */
export default function SuccessStep({ flow, base, search, mode, view }: StepViewProps<'success'>) {
  const { transaction, signedIn, trackingSessionId } = view;
  const api = useApiClient();
  const paid = transaction?.status === 'succeeded';
  // Back from the bank or a wallet in a new page: its events continue the visit that sent
  // the order (before any of them is delivered: tracking starts after the page's effects).
  useLayoutEffect(() => {
    if (trackingSessionId) continuePageView(trackingSessionId);
  }, [trackingSessionId]);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!paid || !transaction || reported.current === transaction.id) return;
    reported.current = transaction.id;
    // Only the tab that placed the order reports it, once: a reload finds nothing to take.
    const order = takeOrderTracking(flow.campaignId);
    if (!order) return;
    // The order is placed: what was typed for it (its consents included) is not carried into the next one.
    forgetCheckoutDraft(flow.campaignId);
    track(buildSuccessPageLoad(pageContext(flow.campaignId)));
    track(purchaseFor(transaction, flow.campaignId, mode.source, Date.now()));
    void marketingPermissionsEvent({
      choices: order.marketing,
      email: transaction.customer.email,
      country: transaction.customer.country,
      brandSlug: flow.brand_slug,
      campaignId: flow.campaignId,
      livemode: transaction.livemode,
      verifySession: api.verifySession,
    }).then(track);
  }, [paid, transaction, flow.campaignId, flow.brand_slug, mode.source, api]);

  if (!transaction) {
    return (
      <div className={styles.success}>
        <DocumentTitle title={`Order | ${flow.brandName}`} />
        <h1>We can’t show this order</h1>
        <p>
          Order details are shown only in the browser that placed the order. If you subscribed, your confirmation email has the details.
        </p>
        <p>
          <Link href={stepHref(base, 'campaign', search)}>See our subscription offers</Link>
        </p>
      </div>
    );
  }
  if (!paid) {
    return (
      <div className={styles.success}>
        <DocumentTitle title={`Payment not complete | ${flow.brandName}`} />
        <h1>Your payment is not complete</h1>
        <p>
          {transaction.status === 'failed'
            ? 'The payment did not go through, and nothing was charged.'
            : 'Your bank has not confirmed the payment yet.'}
        </p>
        <p>
          <Link href={stepHref(base, 'credit-card', search)}>Return to payment</Link>
        </p>
      </div>
    );
  }

  const { invoice, offer } = transaction;
  const money = (cents: number) => formatMoney(cents, invoice.currencyCode);
  const ordered = isoDate(new Date(transaction.createdAt));
  return (
    <div className={styles.success}>
      <DocumentTitle title={`Thank you | ${flow.brandName}`} />
      <h1>Thank you, {transaction.customer.firstName}!</h1>
      <p className={styles.lead}>
        {orderStartedSentence(offer, flow.brandName)}
        {transaction.confirmationEmailed && (
          <>
            {' '}
            We have sent a confirmation to <strong>{transaction.customer.email}</strong>.
          </>
        )}
      </p>
      {offer.isPrintOffer && (
        <p data-testid="first-issue">
          Your first print issue will arrive by {formatDate(addDays(ordered, PRINT_FIRST_ISSUE_DAYS))}
          {transaction.customer.deliveryAddress
            ? `, delivered to ${transaction.customer.deliveryAddress.line1}, ${transaction.customer.deliveryAddress.city} ${transaction.customer.deliveryAddress.postalCode}`
            : ''}
          .
        </p>
      )}
      <section className={styles.invoice} aria-labelledby="invoice-heading">
        <h2 id="invoice-heading">Invoice {invoice.invoiceNumber}</h2>
        <dl className={rows.rows} data-testid="invoice">
          {invoice.lines.map((line) => (
            <div key={line.offerId} className={rows.row}>
              <dt>{line.name}</dt>
              <dd>{money(line.amount)}</dd>
            </div>
          ))}
          {invoice.summaryTotal.discount.amount > 0 && (
            <div className={rows.row} data-testid="invoice-discount">
              <dt>Discount{invoice.summaryTotal.discount.promoCode ? ` (${invoice.summaryTotal.discount.promoCode})` : ''}</dt>
              <dd>−{money(invoice.summaryTotal.discount.amount)}</dd>
            </div>
          )}
          <div className={rows.row} data-testid="invoice-tax">
            <dt>{invoice.taxRate.rate > 0 ? invoice.taxRate.label : 'Tax'}</dt>
            <dd>{invoice.taxRate.inclusive && invoice.tax > 0 ? `${money(invoice.tax)} included` : money(invoice.tax)}</dd>
          </div>
          <div className={`${rows.row} ${styles.total}`} data-testid="invoice-total">
            <dt>Total paid</dt>
            <dd>{money(invoice.summaryTotal.total)}</dd>
          </div>
        </dl>
        {/* The price over time, as the offer page and the cart said it (issue 25, the saving in sight). */}
        <InvoicePriceTerms offer={offer} lines={invoice.lines} currencyCode={invoice.currencyCode} />
        <dl className={styles.details}>
          <div>
            <dt>Payment method</dt>
            <dd data-testid="invoice-payment-method">{paymentMethodName(transaction.paymentMethod)}</dd>
          </div>
          <div>
            <dt>{offer.trialOffer ? 'First charge' : 'Next renewal'}</dt>
            <dd data-testid="invoice-renewal">
              {formatDate(nextChargeDate(offer, ordered))}, {money(offer.renewalAmount)}
            </dd>
          </div>
          <div>
            <dt>Subscription</dt>
            <dd data-testid="invoice-subscription" className={styles.mono}>
              {transaction.subscription?.id}
            </dd>
          </div>
        </dl>
      </section>
      <section className={styles.next} aria-labelledby="manage-heading">
        <h2 id="manage-heading">Your subscription</h2>
        <p>
          See your renewal date and invoices, change your details or cancel at any time in{' '}
          <Link href={accountHref(signedIn, transaction.livemode, transaction.customer.email)} data-testid="success-account-link">
            your account
          </Link>
          .
        </p>
      </section>
      <section className={styles.next} aria-labelledby="start-reading-heading">
        <h2 id="start-reading-heading">Start reading</h2>
        {signedIn ? (
          <p>You are signed in: everything your subscription includes is open to you now.</p>
        ) : (
          <p>
            Sign in to {flow.brandName} with {transaction.customer.email} to read everything your subscription includes.{' '}
            <Link
              href={signInHref(base, 'success', search, 'magic-link')}
              onClick={() => track(buildSuccessMagicLinkClick(flow.campaignId))}
            >
              Email me a sign-in link
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
