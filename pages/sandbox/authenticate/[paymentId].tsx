import { SandboxAuthentication } from '@/components/payment-methods/sandbox/SandboxAuthentication';
import { getServerSideProps as loadPage } from '@/lib/server/payments/sandbox/sandboxAuthenticationPage';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(loadPage);

export default SandboxAuthentication;
