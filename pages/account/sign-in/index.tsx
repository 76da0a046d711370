import { AccountSignInPage } from '@/components/account/AccountPages';
import { getServerSideProps as loadPage } from '@/lib/server/ssr/accountSignInPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(loadPage);

export default AccountSignInPage;
