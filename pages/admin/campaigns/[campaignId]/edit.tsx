import { CampaignEditor } from '@/components/backoffice/CampaignEditor';
import { campaignEditorPageProps } from '@/lib/server/ssr/backoffice/campaignEditorPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(campaignEditorPageProps);

export default CampaignEditor;
