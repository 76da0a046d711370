import { MailboxMailPage } from '@/components/mailbox/MailboxPages';
import type { MailboxMailProps } from '@/lib/mail/mailboxView';

export { getServerSideProps } from '@/lib/server/ssr/mailboxMailPage';

export default function MailboxMail(props: MailboxMailProps) {
  return <MailboxMailPage {...props} />;
}
