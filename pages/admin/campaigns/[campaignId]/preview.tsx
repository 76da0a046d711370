import { CampaignPreview } from '@/components/backoffice/CampaignPreview';
import { campaignPreviewPageProps } from '@/lib/server/ssr/backoffice/campaignPreviewPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(campaignPreviewPageProps);

export default CampaignPreview;
