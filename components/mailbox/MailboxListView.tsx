import type { MailboxEntry } from '@/lib/mail/mailboxView';
import { formatTime, KIND_LABELS, listPath, MAILBOX_PATH, mailPath, STATUS_LABELS } from './mailboxFormat';
import { MailboxFrame } from './MailboxFrame';
import styles from './Mailbox.module.css';

interface Props {
  to: string | null;
  mails: MailboxEntry[];
  limit: number;
}

/** The outbox, newest first: a filter by recipient, then one entry a mail, each opening the mail's page. */
export function MailboxListView({ to, mails, limit }: Props) {
  return (
    <MailboxFrame title={to ? `Mail to ${to}` : 'All mail'}>
      <h1 className={styles.title}>{to ? `Mail to ${to}` : 'Mailbox'}</h1>
      <p className={styles.lede}>
        The mail this server sent without an SMTP server: none of it left the server. It is here for testing and demos only, and this page
        does not exist in production.
      </p>
      <form className={styles.filter} method="get" action={MAILBOX_PATH} role="search" aria-label="Filter by recipient">
        <label htmlFor="mailbox-to">Recipient&rsquo;s e-mail address</label>
        <input id="mailbox-to" name="to" type="email" defaultValue={to ?? ''} autoComplete="off" spellCheck={false} />
        <button className={styles.button} type="submit">
          Show their mail
        </button>
      </form>
      {to && (
        <p>
          <a href={listPath(null)}>Show mail to everyone</a>
        </p>
      )}
      {mails.length === 0 ? (
        <p className={styles.note}>{to ? `No mail to ${to} yet.` : 'No mail yet.'}</p>
      ) : (
        <>
          <p className={styles.note}>
            {mails.length === limit
              ? `The newest ${limit} mails.`
              : `${mails.length} ${mails.length === 1 ? 'mail' : 'mails'}, newest first.`}
          </p>
          <ol className={styles.list} aria-label="Mails, newest first">
            {mails.map((mail) => (
              <li key={mail.id} className={styles.item}>
                <a className={styles.subject} href={mailPath(mail.id)}>
                  {mail.subject}
                </a>
                <p className={styles.meta}>
                  To {mail.to} · <time dateTime={mail.createdAt}>{formatTime(mail.createdAt)}</time>
                  {mail.clockAt && (
                    <>
                      {' '}
                      (test clock: <time dateTime={mail.clockAt}>{formatTime(mail.clockAt)}</time>)
                    </>
                  )}{' '}
                  · {KIND_LABELS[mail.kind]} · {STATUS_LABELS[mail.status]}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </MailboxFrame>
  );
}
