import { useState } from 'react';
import { ErrorView } from '@/components/ui/ErrorView';
import { Field } from '@/components/ui/Field';
import { backOfficeApi } from '@/lib/operators/backOfficeApi';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { LimitsAnswer, LimitsPageProps, LimitView } from '@/lib/operators/limitViews';
import { LIMITS_PATH } from '@/lib/operators/operatorPaths';
import { BackOfficeFrame } from './BackOfficeFrame';
import { careWhen } from './careWords';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

const MODE_NAMES: Record<LimitView['mode'], string> = { live: 'Live', test: 'Test', both: 'Live and test' };
const labelOf = (limit: LimitView) => `${limit.name} (${MODE_NAMES[limit.mode]})`;

/**
 * /admin/limits: an operator types a client's IP address or an e-mail address, sees the rate
 * limits that count it (in words, the count against the limit, when each frees) and lifts
 * one or all of them. The search is a plain GET form, as care's; lifting is a call, audited.
 */
export function LimitsView(props: LimitsPageProps | BackOfficeRefusal) {
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  return <LimitsPage {...props} />;
}

function LimitsPage({ operator, query, found: initial, problem }: LimitsPageProps) {
  const [found, setFound] = useState<LimitsAnswer | null>(initial);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const lift = (limit: string, what: string) =>
    run(async () => {
      setDone(null);
      setFound(await backOfficeApi.liftLimit(query, limit));
      setDone(`Lifted: ${what}.`);
    });
  return (
    <BackOfficeFrame title="Rate limits" operator={operator}>
      <section className={styles.card}>
        <h1>Rate limits</h1>
        <p>
          Find the limits that hold a client or an e-mail address, and lift them. Test mode and live count apart: lifting a test limit
          leaves the live one as it is.
        </p>
        <form className={styles.form} method="get" action={LIMITS_PATH} role="search">
          <Field
            id="limits-subject"
            name="subject"
            label="IP address or e-mail address"
            hint="An IP address as you see it (203.0.113.7, or an IPv6 address: its whole /64 counts as one client), or a whole e-mail address."
            defaultValue={query}
            required
            maxLength={254}
            autoComplete="off"
          />
          <div>
            <button type="submit" className={styles.primary}>
              Find limits
            </button>
          </div>
        </form>
        {problem && (
          <p className={styles.alert} role="alert">
            {problem}
          </p>
        )}
      </section>
      {found && (
        <section className={styles.card} aria-labelledby="limits-results">
          <h2 id="limits-results">
            Limits of {found.subject.kind === 'client' ? 'the client' : 'the address'} {found.subject.key}
          </h2>
          {error && (
            <p className={styles.alert} role="alert">
              {error}
            </p>
          )}
          {done && <p role="status">{done}</p>}
          {found.limits.length === 0 ? (
            <p role="status">Nothing counts against it now: no limit holds it.</p>
          ) : (
            <>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className="visually-hidden">Limits that count it</caption>
                  <thead>
                    <tr>
                      <th scope="col">Limit</th>
                      <th scope="col">Mode</th>
                      <th scope="col">Used</th>
                      <th scope="col">Holds it</th>
                      <th scope="col">Frees</th>
                      <th scope="col">
                        <span className="visually-hidden">Action</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {found.limits.map((limit) => (
                      <tr key={limit.id}>
                        <td>{limit.name}</td>
                        <td>{MODE_NAMES[limit.mode]}</td>
                        <td>
                          {limit.count} of {limit.limit}
                        </td>
                        <td>{limit.holding ? 'Yes: refused now' : 'No'}</td>
                        <td>{careWhen(limit.freesAt)}</td>
                        <td>
                          <button
                            type="button"
                            className={styles.secondary}
                            disabled={busy}
                            aria-label={`Lift ${labelOf(limit)}`}
                            onClick={() => lift(limit.id, labelOf(limit))}
                          >
                            Lift
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div>
                <button
                  type="button"
                  className={styles.primary}
                  disabled={busy}
                  aria-busy={busy}
                  onClick={() => lift('all', 'every limit')}
                >
                  Lift all
                </button>
              </div>
            </>
          )}
        </section>
      )}
    </BackOfficeFrame>
  );
}
