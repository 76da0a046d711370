import { useEffect, useLayoutEffect, useRef } from 'react';
import { postalLines } from '@/lib/geo/countryName';
import Link from 'next/link';
import { withLang } from '@/lib/i18n/langLink';
import type { StepViewProps } from './stepViewProps';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { forgetCheckoutDraft } from '@/lib/checkout/useCheckoutDraft';
import { orderStartedSentence } from '@/lib/catalogue/offerCopy';
import { addDays, isoDate, nextChargeDate, type IsoDate } from '@/lib/pricing/renewalDates';
import { signInHref, stepHref } from '@/lib/journey/navigation';
import { buildSuccessMagicLinkClick, buildSuccessPageLoad, purchaseFor } from '@/lib/tracking/orderEvents';
import { track } from '@/lib/tracking/track';
import { pageContext } from '@/lib/tracking/useTrackOnce';
import { marketingPermissionsEvent } from '@/lib/tracking/marketingPermissions';
import { takeOrderTracking } from '@/lib/checkout/orderTracking';
import { continuePageView } from '@/lib/tracking/tracingSession';
import { taxRows } from '@/lib/pricing/taxLabels';
import styles from './SuccessStep.module.css';
import rows from '@/components/ui/OrderRows.module.css';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { InvoicePriceTerms } from './InvoicePriceTerms';
import { Msg, useWords } from '@/components/shell/I18n';

/**
 * A page of the account (the overview, or an invoice below it), in the order's mode (a test
 * order's subscription shows in test mode only); signed out, the account's sign-in, with the
 * buyer's address filled in, which comes back to that page. In the page's locale: the account has no campaign to speak from.
 */
function accountHref(signedIn: boolean, livemode: boolean, email: string, locale: string, path = '/account'): string {
  const page = livemode ? path : `${path}?livemode=false`;
  return withLang(signedIn ? page : `/account/sign-in?${new URLSearchParams({ email, return: page }).toString()}`, locale);
}

/** How long the first print issue takes to arrive, from the order (the publisher's delivery promise). */
const PRINT_FIRST_ISSUE_DAYS = 21;

/**
 * The success page: where to start reading (the brand's reading URL, when the catalogue
 * names one), the invoice of the visitor's own order, printable on its own, its next renewal
 * and, for print, when the first issue arrives; then the account. Without the receipt of a
 * payment made in this browser, it shows nothing of any order. The server empties the cart
 * once it is paid.
 */
export default function SuccessStep({ flow, base, search, mode, view }: StepViewProps<'success'>) {
  const { transaction, signedIn, trackingSessionId, billedTo, readingUrl } = view;
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
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
        <h1>{t('success.none.heading')}</h1>
        <p>{t('success.none.text')}</p>
        <p>
          <Link href={stepHref(base, 'campaign', search)}>{t('success.none.offers')}</Link>
        </p>
      </div>
    );
  }
  if (!paid) {
    return (
      <div className={styles.success}>
        <h1>{t('success.unpaid.heading')}</h1>
        <p>{t(transaction.status === 'failed' ? 'success.unpaid.failed' : 'success.unpaid.pending')}</p>
        <p>
          <Link href={stepHref(base, 'credit-card', search)}>{t('success.unpaid.retry')}</Link>
        </p>
      </div>
    );
  }

  const { invoice, offer } = transaction;
  const money = (cents: number) => words.money(cents, invoice.currencyCode);
  // In UTC, as the dates are computed: the same day on the server and in any browser.
  const longDate = new Intl.DateTimeFormat(words.locale, { dateStyle: 'long', timeZone: 'UTC' });
  const formatDate = (date: IsoDate) => longDate.format(new Date(`${date}T00:00:00Z`));
  const ordered = isoDate(new Date(transaction.createdAt));
  const address = transaction.customer.deliveryAddress;
  const { discount } = invoice.summaryTotal;
  return (
    <div className={styles.success}>
      <h1>{t('success.heading', { firstName: transaction.customer.firstName })}</h1>
      <p className={styles.lead}>
        {words.say(orderStartedSentence(offer, flow.brandName))}
        {transaction.confirmationEmailed && (
          <>
            {' '}
            <Msg id="success.confirmationSent" values={{ email: transaction.customer.email }} components={{ 0: <strong /> }} />
          </>
        )}
      </p>
      {offer.isPrintOffer && (
        <p data-testid="first-issue">
          {t('success.firstIssue', {
            date: formatDate(addDays(ordered, PRINT_FIRST_ISSUE_DAYS)),
            delivery: address ? 'address' : 'none',
            // The whole address, its state and country included, on one line.
            address: address ? postalLines(words, address).join(', ') : '',
          })}
        </p>
      )}
      <section className={styles.next} aria-labelledby="start-reading-heading" data-testid="start-reading">
        <h2 id="start-reading-heading">{t('success.read.heading', { brand: flow.brandName })}</h2>
        {/* Only a link the catalogue names: without one, no "Start reading" that leads nowhere. */}
        {readingUrl && (
          <p>
            <a className={styles.startReading} href={readingUrl}>
              {t('success.read.start')}
            </a>
          </p>
        )}
        {signedIn ? (
          <p>{t('success.read.signedIn')}</p>
        ) : (
          <p>
            {t('success.read.signIn', { brand: flow.brandName, email: transaction.customer.email })}{' '}
            <Link
              href={signInHref(base, 'success', search, 'magic-link')}
              onClick={() => track(buildSuccessMagicLinkClick(flow.campaignId))}
            >
              {t('success.read.emailLink')}
            </Link>
          </p>
        )}
      </section>
      {/* What prints (the print button's window.print()): this section alone, with the brand, whom it is billed to and when. */}
      <section className={styles.invoice} aria-labelledby="invoice-heading" data-testid="printable-invoice">
        <p className={styles.issuer} data-testid="invoice-brand">
          {flow.brandName}
        </p>
        <h2 id="invoice-heading">{t('success.invoice.heading', { number: invoice.invoiceNumber ?? '' })}</h2>
        {!transaction.livemode && <p className={styles.testNote}>{t('success.invoice.testMode')}</p>}
        <dl className={rows.rows} data-testid="invoice">
          {invoice.lines.map((line) => (
            <div key={line.offerId} className={rows.row}>
              <dt>{line.name}</dt>
              <dd>{money(line.amount)}</dd>
            </div>
          ))}
          {discount.amount > 0 && (
            <div className={rows.row} data-testid="invoice-discount">
              <dt>
                {discount.promoCode ? t('success.invoice.discountWithCode', { code: discount.promoCode }) : t('success.invoice.discount')}
              </dt>
              <dd>−{money(discount.amount)}</dd>
            </div>
          )}
          {taxRows(words, invoice.taxLines, invoice.tax).map((row) => (
            <div key={row.kind} className={rows.row} data-testid="invoice-tax">
              <dt>{row.label}</dt>
              <dd>
                {invoice.taxRate.inclusive && row.amount > 0
                  ? t('success.invoice.taxIncluded', { amount: money(row.amount) })
                  : money(row.amount)}
              </dd>
            </div>
          ))}
          <div className={`${rows.row} ${styles.total}`} data-testid="invoice-total">
            <dt>{t('success.invoice.total')}</dt>
            <dd>{money(invoice.summaryTotal.total)}</dd>
          </div>
        </dl>
        {/* The price over time, as the offer page and the cart said it (issue 25, the saving in sight). */}
        <InvoicePriceTerms offer={offer} lines={invoice.lines} currencyCode={invoice.currencyCode} />
        <dl className={styles.details}>
          <div>
            <dt>{t('success.invoice.orderDate')}</dt>
            <dd data-testid="invoice-date">{formatDate(ordered)}</dd>
          </div>
          {billedTo && (
            <div>
              <dt>{t('success.invoice.billedTo')}</dt>
              <dd data-testid="invoice-billed-to">
                {[billedTo.name, ...billedTo.address].map((line, index) => (
                  <span key={`${index}:${line}`} className={styles.line}>
                    {line}
                  </span>
                ))}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('success.invoice.paymentMethod')}</dt>
            <dd data-testid="invoice-payment-method">{paymentMethodName(transaction.paymentMethod, words)}</dd>
          </div>
          {/* The plan by its name and its next charge: what a buyer knows it by, never an internal id. */}
          <div>
            <dt>{t('success.invoice.plan')}</dt>
            <dd data-testid="invoice-plan">{offer.name}</dd>
          </div>
          <div>
            <dt>{t(offer.trialOffer ? 'success.invoice.firstCharge' : 'success.invoice.renewsOn')}</dt>
            <dd data-testid="invoice-renewal">
              {t('success.invoice.renewal', { date: formatDate(nextChargeDate(offer, ordered)), amount: money(offer.renewalAmount) })}
            </dd>
          </div>
        </dl>
      </section>
      <p className={styles.invoiceActions}>
        <button type="button" className={styles.print} onClick={() => window.print()}>
          {t('success.invoice.print')}
        </button>
        {transaction.subscription && (
          <Link
            href={accountHref(
              signedIn,
              transaction.livemode,
              transaction.customer.email,
              words.locale,
              `/account/invoices/${transaction.id}`,
            )}
          >
            {t('success.invoice.inAccount')}
          </Link>
        )}
      </p>
      <section className={styles.next} aria-labelledby="manage-heading">
        <h2 id="manage-heading">{t('success.manage.heading')}</h2>
        <p>
          <Msg
            id="success.manage.text"
            components={{
              0: (
                <Link
                  href={accountHref(signedIn, transaction.livemode, transaction.customer.email, words.locale)}
                  data-testid="success-account-link"
                />
              ),
            }}
          />
        </p>
      </section>
    </div>
  );
}
