import { CareCustomerPanel } from '@/components/backoffice/CareCustomerPanel';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { CareCustomerPageProps } from '@/lib/operators/careViews';
import { careCustomerPageProps } from '@/lib/server/ssr/backoffice/carePages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(careCustomerPageProps);

/** Keyed by the subscription: a link to another of the customer's subscriptions starts the panel afresh, not with the last one's state. */
export default function CareCustomerPage(props: CareCustomerPageProps | BackOfficeRefusal) {
  return <CareCustomerPanel key={'kind' in props ? props.kind : props.customer.subscription.id} {...props} />;
}
