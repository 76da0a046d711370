import { BackOfficeHome } from '@/components/backoffice/BackOfficeHome';

export { homePageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/backOfficeHomePage';
export default BackOfficeHome;
