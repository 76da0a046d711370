import { SandboxWalletApproval } from '@/components/payment-methods/sandbox/SandboxWalletApproval';
import { getServerSideProps as loadPage } from '@/lib/server/payments/sandbox/sandboxWalletPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(loadPage);

export default SandboxWalletApproval;
