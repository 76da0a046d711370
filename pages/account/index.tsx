import { AccountOverview } from '@/components/account/AccountOverview';
import { AccountRefusal } from '@/components/account/AccountRefusal';
import { isRefused, type AccountProps, type AccountPageProps } from '@/lib/account/accountView';
import { accountPageProps } from '@/lib/server/ssr/account/accountPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(accountPageProps);

export default function AccountPage(props: AccountProps<AccountPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <AccountOverview {...props} />;
}
