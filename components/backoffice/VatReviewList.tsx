import { useState } from 'react';
import Link from 'next/link';
import { ErrorView } from '@/components/ui/ErrorView';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import { careSubscriptionPath } from '@/lib/operators/operatorPaths';
import { vatReviewApi } from '@/lib/operators/vatReviewApi';
import type { VatDecision, VatReviewPageProps, VatReviewView } from '@/lib/operators/vatReviewViews';
import { BackOfficeFrame } from './BackOfficeFrame';
import { careWhen } from './careWords';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

/**
 * /admin/vat-numbers: the business subscribers' VAT numbers finance has yet to check, the
 * longest waiting first. No register is reachable from the server: the operator checks each
 * where they can (VIES, the national register) and records what they found; each record is in
 * the audit log.
 */
export function VatReviewList(props: VatReviewPageProps | BackOfficeRefusal) {
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  return <VatReviewPage {...props} />;
}

function VatReviewPage({ operator, reviews: initial }: VatReviewPageProps) {
  const [reviews, setReviews] = useState<VatReviewView[]>(initial);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const decide = (review: VatReviewView, decision: VatDecision) =>
    run(async () => {
      setDone(null);
      await vatReviewApi.review(review.subscriptionId, review.vatNumber, decision);
      setReviews((left) => left.filter((other) => other.subscriptionId !== review.subscriptionId));
      setDone(`${review.vatNumber} (${review.companyName}) recorded as ${decision}.`);
    });
  return (
    <BackOfficeFrame title="VAT numbers" operator={operator}>
      <section className={styles.card} aria-labelledby="vat-title">
        <h1 id="vat-title">VAT numbers to check</h1>
        <p>
          Business subscribers’ VAT numbers, as they gave them at checkout or in their account. Check each in the EU’s VIES or the national
          register, then record what you found: the subscriber’s account shows it. A number changed since is checked again.
        </p>
        {error && (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        )}
        <div aria-live="polite">{done && <p role="status">{done}</p>}</div>
        {reviews.length === 0 ? (
          <p>No VAT number is waiting for a check.</p>
        ) : (
          // One item per number, its decision under it: readable on a phone without sideways scrolling.
          <ul className={styles.plain} aria-label="VAT numbers to check, the longest waiting first">
            {reviews.map((review) => (
              <li key={review.subscriptionId} className={styles.subform} aria-labelledby={`vat-${review.subscriptionId}`}>
                <h2 id={`vat-${review.subscriptionId}`}>
                  <code>{review.vatNumber}</code>
                </h2>
                <dl className={styles.facts}>
                  <dt>Company</dt>
                  <dd>{review.companyName}</dd>
                  <dt>Subscriber</dt>
                  <dd>
                    <Link className={styles.link} href={careSubscriptionPath(review.subscriptionId)}>
                      {review.email}
                    </Link>
                  </dd>
                  <dt>Plan</dt>
                  <dd>
                    {review.offerName} ({review.brandSlug}){review.livemode ? '' : ', test mode'}
                  </dd>
                  <dt>Waiting since</dt>
                  <dd>{careWhen(review.since)}</dd>
                </dl>
                <div className={styles.row}>
                  <button
                    type="button"
                    className={styles.primary}
                    disabled={busy}
                    aria-label={`Verified: ${review.vatNumber}`}
                    onClick={() => decide(review, 'verified')}
                  >
                    Verified
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    disabled={busy}
                    aria-label={`Rejected: ${review.vatNumber}`}
                    onClick={() => decide(review, 'rejected')}
                  >
                    Rejected
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </BackOfficeFrame>
  );
}
