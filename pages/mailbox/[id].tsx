import { MailboxMailPage } from '@/components/mailbox/MailboxPages';
import type { MailboxMailProps } from '@/lib/mail/mailboxView';
import { getServerSideProps as loadPage } from '@/lib/server/ssr/mailboxMailPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(loadPage);

export default function MailboxMail(props: MailboxMailProps) {
  return <MailboxMailPage {...props} />;
}
