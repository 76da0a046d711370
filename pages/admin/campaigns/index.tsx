import { CampaignStudioList } from '@/components/backoffice/CampaignStudioList';
import { campaignStudioPageProps } from '@/lib/server/ssr/backoffice/campaignStudioPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(campaignStudioPageProps);

export default CampaignStudioList;
