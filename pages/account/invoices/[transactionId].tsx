import { AccountRefusal } from '@/components/account/AccountRefusal';
import { InvoiceView } from '@/components/account/InvoiceView';
import { isRefused, type AccountProps, type InvoicePageProps } from '@/lib/account/accountView';
import { invoicePageProps } from '@/lib/server/ssr/account/accountPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(invoicePageProps);

export default function InvoicePage(props: AccountProps<InvoicePageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <InvoiceView {...props} />;
}
