import type { MailboxListProps, MailboxMailProps, MailboxRefusal } from '@/lib/mail/mailboxView';
import { ErrorView } from '@/components/ui/ErrorView';
import { MailboxListView } from './MailboxListView';
import { MailboxMailView } from './MailboxMailView';

const REFUSED_TITLES: Record<MailboxRefusal['status'], string> = {
  400: 'This mailbox link is not quite right',
  403: 'Not for your role',
  405: 'Not allowed',
};

function Refused({ status, message }: MailboxRefusal) {
  return <ErrorView title={REFUSED_TITLES[status]} message={message} />;
}

/** /mailbox: the list, or why the request was refused. */
export function MailboxListPage(props: MailboxListProps) {
  return props.kind === 'refused' ? <Refused {...props} /> : <MailboxListView {...props} />;
}

/** /mailbox/[id]: one mail, or why the request was refused. */
export function MailboxMailPage(props: MailboxMailProps) {
  return props.kind === 'refused' ? <Refused {...props} /> : <MailboxMailView mail={props.mail} />;
}
