import { CancelDeclarationPage } from '@/components/account/CancelDeclarationPage';
import type { CancelPageProps } from '@/lib/account/cancelView';

export { cancelPageProps as getServerSideProps } from '@/lib/server/ssr/cancelPages';

export default function CancelPage(props: CancelPageProps) {
  return <CancelDeclarationPage {...props} />;
}
