import { CampaignVersionsView } from '@/components/backoffice/CampaignVersionsView';
import { campaignVersionsPageProps } from '@/lib/server/ssr/backoffice/campaignVersionsPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(campaignVersionsPageProps);

export default CampaignVersionsView;
