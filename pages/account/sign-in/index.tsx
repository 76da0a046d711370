import { AccountSignInPage } from '@/components/account/AccountPages';
import { getServerSideProps as loadPage } from '@/lib/server/ssr/accountSignInPage';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(loadPage);

export default AccountSignInPage;
