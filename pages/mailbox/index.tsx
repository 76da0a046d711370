import { MailboxListPage } from '@/components/mailbox/MailboxPages';
import type { MailboxListProps } from '@/lib/mail/mailboxView';
import { getServerSideProps as loadPage } from '@/lib/server/ssr/mailboxPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(loadPage);

export default function Mailbox(props: MailboxListProps) {
  return <MailboxListPage {...props} />;
}
