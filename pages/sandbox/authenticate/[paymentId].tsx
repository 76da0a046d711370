import { SandboxAuthentication } from '@/components/checkout/SandboxAuthentication';

export { getServerSideProps } from '@/lib/server/ssr/sandboxAuthenticationPage';
export default SandboxAuthentication;
