import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { Loader } from '@/components/ui/Loader';
import { backOfficeApi } from '@/lib/operators/backOfficeApi';
import type { TokenView } from '@/lib/operators/backOfficeViews';
import { type OperatorArea } from '@/lib/operators/roles';
import { StepUpForm } from './StepUpForm';
import { useAction } from './useAction';
import { useStepUp } from './useStepUp';
import styles from './BackOffice.module.css';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '—';

/** The operator's personal API tokens: made here (the value shown once, after a recent code: step-up), listed, revoked. */
export function TokensPanel({ tokens: initial, areas }: { tokens: TokenView[]; areas: OperatorArea[] }) {
  const [tokens, setTokens] = useState(initial);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<OperatorArea[]>([]);
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const create = useAction();
  const revoke = useAction();
  const stepUp = useStepUp();
  const [revoking, setRevoking] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void stepUp.run(create, async () => {
      const answer = await backOfficeApi.createToken(name, scopes);
      setTokens((list) => [answer.record, ...list]);
      setMade({ name: answer.record.name, token: answer.token });
      setName('');
      setScopes([]);
    });
  };
  const revokeToken = (id: string) => {
    setRevoking(id);
    void revoke.run(async () => {
      await backOfficeApi.revokeToken(id);
      const at = new Date().toISOString();
      setTokens((list) => list.map((t) => (t.id === id ? { ...t, revokedAt: at } : t)));
    });
  };

  return (
    <section className={styles.card} aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Personal API tokens</h2>
      <p>For scripts and QA: send one as Authorization: Bearer &lt;token&gt;. A token opens no more than your role, and only its scopes.</p>
      {made && (
        <div className={styles.notice} role="status">
          <p>Your new token “{made.name}”. Copy it now: it is not shown again.</p>
          <p className={styles.secret}>{made.token}</p>
        </div>
      )}
      {stepUp.asking && <StepUpForm stepUp={stepUp} id="tokens-step-up" level={3} />}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          id="token-name"
          label="Name"
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
          hint="Say what uses it, such as “QA browser suite”."
        />
        <fieldset className={styles.checks}>
          <legend>Scopes</legend>
          {areas.map((area) => (
            <label key={area}>
              <input
                type="checkbox"
                checked={scopes.includes(area)}
                onChange={(event) => setScopes((list) => (event.target.checked ? [...list, area] : list.filter((s) => s !== area)))}
              />{' '}
              {area}
            </label>
          ))}
        </fieldset>
        {create.error && (
          <p className={styles.alert} role="alert">
            {create.error}
          </p>
        )}
        <div>
          <button type="submit" className={styles.primary} disabled={create.busy} aria-busy={create.busy}>
            {create.busy && <Loader type="submission-processing" size="small" label="Making the token…" />}
            Make a token
          </button>
        </div>
      </form>
      {revoke.error && (
        <p className={styles.alert} role="alert">
          {revoke.error}
        </p>
      )}
      {tokens.length === 0 ? (
        <p>You have no tokens.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Your tokens</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scopes</th>
                <th scope="col">Made</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td>{t.scopes.join(', ')}</td>
                  <td>{when(t.createdAt)}</td>
                  <td>{when(t.lastUsedAt)}</td>
                  <td>
                    {t.revokedAt ? (
                      `Revoked ${when(t.revokedAt)}`
                    ) : (
                      <button
                        type="button"
                        className={styles.secondary}
                        onClick={() => revokeToken(t.id)}
                        disabled={revoke.busy}
                        aria-busy={revoke.busy && revoking === t.id}
                      >
                        {revoke.busy && revoking === t.id && (
                          <Loader type="submission-processing" variant="dark" size="small" label="Revoking…" />
                        )}
                        Revoke <span className="visually-hidden">{t.name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
