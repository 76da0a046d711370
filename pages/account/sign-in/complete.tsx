import { AccountSignInCompletePage } from '@/components/account/AccountPages';

export { getServerSideProps } from '@/lib/server/ssr/accountSignInCompletePage';
export default AccountSignInCompletePage;
