import { CampaignEditor } from '@/components/backoffice/CampaignEditor';
import { newCampaignPageProps } from '@/lib/server/ssr/backoffice/campaignEditorPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(newCampaignPageProps);

export default CampaignEditor;
