import { AccountOverview } from '@/components/account/AccountOverview';
import { AccountRefusal } from '@/components/account/AccountRefusal';
import { isRefused, type AccountProps, type AccountPageProps } from '@/lib/account/accountView';
import { accountPageProps } from '@/lib/server/ssr/account/accountPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(accountPageProps);

export default function AccountPage(props: AccountProps<AccountPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <AccountOverview {...props} />;
}
