import Link from 'next/link';
import { ErrorView } from '@/components/ui/ErrorView';
import { Field } from '@/components/ui/Field';
import { STATUS_TEXT } from '@/lib/account/accountWords';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { CareSearchPageProps } from '@/lib/operators/careViews';
import { CARE_PATH, careSubscriptionPath } from '@/lib/operators/operatorPaths';
import { BackOfficeFrame } from './BackOfficeFrame';
import { careWhen } from './careWords';
import styles from './BackOffice.module.css';

/**
 * /admin/care: find a subscriber by e-mail address (owner or billing, the whole address, any
 * case) or by a whole invoice or credit note number; a part of one is not searched, and the
 * page says why. A plain GET form: the address bar keeps the search, and it works before the
 * page's script has loaded.
 */
export function CareSearchView(props: CareSearchPageProps | BackOfficeRefusal) {
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  const { hits, query, problem } = props;
  return (
    <BackOfficeFrame title="Customer care" operator={props.operator}>
      <section className={styles.card}>
        <h1>Customer care</h1>
        <form className={styles.form} method="get" action={CARE_PATH} role="search">
          <Field
            id="care-q"
            name="q"
            label="E-mail address or invoice number"
            hint="The whole address (any case), or a number such as INV-2026-000042 or CN-2026-000007."
            defaultValue={query}
            required
            maxLength={254}
            autoComplete="off"
          />
          <div>
            <button type="submit" className={styles.primary}>
              Search
            </button>
          </div>
        </form>
        {problem && (
          <p className={styles.alert} role="alert">
            {problem}
          </p>
        )}
      </section>
      {hits !== null && (
        <section className={styles.card} aria-labelledby="care-results">
          <h2 id="care-results">Results for “{query}”</h2>
          {hits.length === 0 ? (
            <p role="status">Nothing found. Check the address or number: the whole address is needed, not a part of it.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">Subscriptions found</caption>
                <thead>
                  <tr>
                    <th scope="col">Subscription</th>
                    <th scope="col">Status</th>
                    <th scope="col">Owner</th>
                    <th scope="col">Billing e-mail</th>
                    <th scope="col">Period ends</th>
                    <th scope="col">Found by</th>
                  </tr>
                </thead>
                <tbody>
                  {hits.map((hit) => (
                    <tr key={hit.subscriptionId}>
                      <td>
                        <Link className={styles.link} href={careSubscriptionPath(hit.subscriptionId)}>
                          {hit.offerName} ({hit.brandSlug})
                        </Link>
                        {!hit.livemode && <span className={styles.who}> · Test</span>}
                      </td>
                      <td>{STATUS_TEXT[hit.status]}</td>
                      <td>{hit.ownerEmail ?? 'Not claimed'}</td>
                      <td>{hit.billingEmail}</td>
                      <td>{careWhen(hit.currentPeriodEnd)}</td>
                      <td>{hit.matchedBy === 'email' ? 'E-mail' : 'Invoice number'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </BackOfficeFrame>
  );
}
