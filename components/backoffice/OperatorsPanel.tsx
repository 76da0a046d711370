import { useState, type FormEvent } from 'react';
import { ErrorView } from '@/components/ui/ErrorView';
import { Field } from '@/components/ui/Field';
import { Loader } from '@/components/ui/Loader';
import { backOfficeApi } from '@/lib/operators/backOfficeApi';
import type { BackOfficeRefusal, OperatorsPageProps, OperatorView } from '@/lib/operators/backOfficeViews';
import { OPERATOR_ROLES, ROLE_NAMES, type OperatorRole } from '@/lib/operators/roles';
import { BackOfficeFrame } from './BackOfficeFrame';
import { StepUpForm } from './StepUpForm';
import { useAction } from './useAction';
import { useStepUp } from './useStepUp';
import styles from './BackOffice.module.css';

/**
 * /admin/operators: admins add operators, change their role, disable them, or reset a lost
 * second factor; each after a code from the last few minutes (asked for here when needed).
 */
export function OperatorsPanel(props: OperatorsPageProps | BackOfficeRefusal) {
  const [operators, setOperators] = useState<OperatorView[]>('kind' in props ? [] : props.operators);
  const [form, setForm] = useState<{ email: string; name: string; role: OperatorRole }>({ email: '', name: '', role: 'care' });
  const [done, setDone] = useState<string | null>(null);
  const add = useAction();
  const change = useAction();
  const stepUp = useStepUp();
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;

  const replace = (updated: OperatorView) => setOperators((list) => list.map((o) => (o.id === updated.id ? updated : o)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void stepUp.run(add, async () => {
      const { operator } = await backOfficeApi.addOperator(form);
      setOperators((list) => [...list, operator]);
      setDone(
        `${operator.email} was added as ${ROLE_NAMES[operator.role]}. They sign in at /admin/sign-in and set up their authenticator app then.`,
      );
      setForm({ email: '', name: '', role: 'care' });
    });
  };
  const update = (o: OperatorView, patch: { role?: OperatorRole; disabled?: boolean; resetFactor?: true }, said: string) =>
    void stepUp.run(change, async () => {
      const { operator } = await backOfficeApi.updateOperator(o.id, patch);
      replace(operator);
      setDone(said);
    });

  return (
    <BackOfficeFrame title="Operators" operator={props.operator}>
      <section className={styles.card}>
        <h1>Operators</h1>
        {done && (
          <p className={styles.notice} role="status">
            {done}
          </p>
        )}
        {change.error && (
          <p className={styles.alert} role="alert">
            {change.error}
          </p>
        )}
        {stepUp.asking && <StepUpForm stepUp={stepUp} id="operators-step-up" level={2} />}
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Operators</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Second factor</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {operators.map((o) => {
                const self = o.id === props.operator.id;
                return (
                  <tr key={o.id}>
                    <td>{o.name}</td>
                    <td>{o.email}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={`role-${o.id}`}>
                        Role of {o.name}
                      </label>
                      <select
                        id={`role-${o.id}`}
                        className={styles.select}
                        value={o.role}
                        disabled={self || change.busy}
                        onChange={(event) =>
                          update(
                            o,
                            { role: event.target.value as OperatorRole },
                            `${o.email} is now ${ROLE_NAMES[event.target.value as OperatorRole]}.`,
                          )
                        }
                      >
                        {OPERATOR_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_NAMES[role]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>{o.enrolled ? 'Set up' : 'Not yet'}</td>
                    <td>
                      {o.disabledAt ? <p>Disabled</p> : null}
                      {!self && (
                        <div className={styles.row}>
                          <button
                            type="button"
                            className={styles.secondary}
                            disabled={change.busy}
                            onClick={() =>
                              update(o, { disabled: !o.disabledAt }, `${o.email} is ${o.disabledAt ? 'enabled' : 'disabled'}.`)
                            }
                          >
                            {o.disabledAt ? 'Enable' : 'Disable'} <span className="visually-hidden">{o.name}</span>
                          </button>
                          {o.enrolled && (
                            <button
                              type="button"
                              className={styles.secondary}
                              disabled={change.busy}
                              onClick={() =>
                                update(o, { resetFactor: true }, `${o.email} sets up a new authenticator app at the next sign-in.`)
                              }
                            >
                              Reset second factor <span className="visually-hidden">of {o.name}</span>
                            </button>
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="add-heading">
        <h2 id="add-heading">Add an operator</h2>
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field
            id="new-email"
            label="Work email"
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
          <Field
            id="new-name"
            label="Name"
            autoComplete="off"
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
          <div>
            <label htmlFor="new-role">Role</label>{' '}
            <select
              id="new-role"
              className={styles.select}
              value={form.role}
              onChange={(event) => setForm({ ...form, role: event.target.value as OperatorRole })}
            >
              {OPERATOR_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_NAMES[role]}
                </option>
              ))}
            </select>
          </div>
          {add.error && (
            <p className={styles.alert} role="alert">
              {add.error}
            </p>
          )}
          <div>
            <button type="submit" className={styles.primary} disabled={add.busy} aria-busy={add.busy}>
              {add.busy && <Loader type="submission-processing" size="small" label="Adding…" />}
              Add operator
            </button>
          </div>
        </form>
      </section>
    </BackOfficeFrame>
  );
}
