import { CareSearchView } from '@/components/backoffice/CareSearchView';

export { careSearchPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/carePages';
export default CareSearchView;
