import { SandboxAuthentication } from '@/components/payment-methods/sandbox/SandboxAuthentication';

export { getServerSideProps } from '@/lib/server/payments/sandbox/sandboxAuthenticationPage';
export default SandboxAuthentication;
