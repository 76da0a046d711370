import { LimitsView } from '@/components/backoffice/LimitsView';

export { limitsPageProps as getServerSideProps } from '@/lib/server/ssr/backoffice/limitsPage';
export default LimitsView;
