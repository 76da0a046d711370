import { MailboxListPage } from '@/components/mailbox/MailboxPages';
import type { MailboxListProps } from '@/lib/mail/mailboxView';

export { getServerSideProps } from '@/lib/server/ssr/mailboxPage';

export default function Mailbox(props: MailboxListProps) {
  return <MailboxListPage {...props} />;
}
