import { SandboxWalletApproval } from '@/components/payment-methods/sandbox/SandboxWalletApproval';

export { getServerSideProps } from '@/lib/server/ssr/sandboxWalletPage';
export default SandboxWalletApproval;
