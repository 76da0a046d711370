import { AccountSignInPage } from '@/components/account/AccountPages';

export { getServerSideProps } from '@/lib/server/ssr/accountSignInPage';
export default AccountSignInPage;
