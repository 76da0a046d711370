import { SandboxAuthentication } from '@/components/payment-methods/sandbox/SandboxAuthentication';

export { getServerSideProps } from '@/lib/server/ssr/sandboxAuthenticationPage';
export default SandboxAuthentication;
