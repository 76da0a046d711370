import type { MailboxMail } from '@/lib/mail/mailboxView';
import { formatTime, KIND_LABELS, listPath, STATUS_LABELS } from './mailboxFormat';
import { MailboxFrame } from './MailboxFrame';
import styles from './Mailbox.module.css';

/**
 * One mail: who it was for and what became of it, its links as ordinary links (the main
 * one marked for QA), the text part, and the HTML part in a sandboxed frame, where none of
 * the mail's own code could run and its links do not lead away from this page.
 */
export function MailboxMailView({ mail }: { mail: MailboxMail }) {
  return (
    <MailboxFrame title={mail.subject}>
      <p>
        <a href={listPath(mail.to)}>All mail to {mail.to}</a> · <a href={listPath(null)}>All mail</a>
      </p>
      <h1 className={styles.title}>{mail.subject}</h1>
      <dl className={styles.facts}>
        <dt>To</dt>
        <dd>{mail.to}</dd>
        <dt>Queued</dt>
        <dd>
          <time dateTime={mail.createdAt}>{formatTime(mail.createdAt)}</time>
        </dd>
        {mail.clockAt && (
          <>
            <dt>On the test clock</dt>
            <dd>
              <time dateTime={mail.clockAt}>{formatTime(mail.clockAt)}</time>: the date the mail speaks of, on its subscription&rsquo;s
              moved clock
            </dd>
          </>
        )}
        <dt>Kind</dt>
        <dd>{KIND_LABELS[mail.kind]}</dd>
        <dt>Status</dt>
        <dd>
          {STATUS_LABELS[mail.status]}
          {mail.sentAt && (
            <>
              {' '}
              at <time dateTime={mail.sentAt}>{formatTime(mail.sentAt)}</time>
            </>
          )}
          {mail.attempts > 1 && ` (${mail.attempts} tries)`}
        </dd>
        {mail.lastError && (
          <>
            <dt>Last error</dt>
            <dd>{mail.lastError}</dd>
          </>
        )}
        {mail.attachment && (
          <>
            <dt>Attachment</dt>
            <dd>
              <a href={mail.attachment.href} download={mail.attachment.fileName}>
                {mail.attachment.fileName}
              </a>{' '}
              (PDF, rendered as it is sent)
            </dd>
          </>
        )}
      </dl>

      <section className={styles.section} aria-labelledby="mail-links">
        <h2 id="mail-links">Links</h2>
        {mail.links.length === 0 ? (
          <p className={styles.note}>This mail has no links.</p>
        ) : (
          <ul className={styles.links}>
            {mail.links.map((link) => (
              <li key={link}>
                <a href={link} {...(link === mail.link ? { 'data-testid': 'mail-link' } : {})}>
                  {link}
                </a>
                {link === mail.link && ' (the main link)'}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby="mail-text">
        <h2 id="mail-text">Text part</h2>
        <pre className={styles.text}>{mail.text}</pre>
      </section>

      <section className={styles.section} aria-labelledby="mail-html">
        <h2 id="mail-html">HTML part</h2>
        {mail.html === null ? (
          <p className={styles.note}>This mail was queued before mails had an HTML part.</p>
        ) : (
          <iframe className={styles.frame} title={`HTML part of “${mail.subject}”`} sandbox="" srcDoc={mail.html} />
        )}
      </section>
    </MailboxFrame>
  );
}
