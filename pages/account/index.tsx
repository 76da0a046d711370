import { AccountOverview } from '@/components/account/AccountOverview';
import { AccountRefusal } from '@/components/account/AccountRefusal';
import { isRefused, type AccountProps, type AccountPageProps } from '@/lib/account/accountView';

export { accountPageProps as getServerSideProps } from '@/lib/server/ssr/account/accountPages';

export default function AccountPage(props: AccountProps<AccountPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <AccountOverview {...props} />;
}
