import { SandboxWalletApproval } from '@/components/checkout/SandboxWalletApproval';

export { getServerSideProps } from '@/lib/server/ssr/sandboxWalletPage';
export default SandboxWalletApproval;
