import { SandboxWalletApproval } from '@/components/payment-methods/sandbox/SandboxWalletApproval';

export { getServerSideProps } from '@/lib/server/payments/sandbox/sandboxWalletPage';
export default SandboxWalletApproval;
