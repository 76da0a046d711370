import { AccountSignInCompletePage } from '@/components/account/AccountPages';
import { getServerSideProps as loadPage } from '@/lib/server/ssr/accountSignInCompletePage';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(loadPage);

export default AccountSignInCompletePage;
