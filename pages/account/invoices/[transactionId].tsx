import { AccountRefusal } from '@/components/account/AccountRefusal';
import { InvoiceView } from '@/components/account/InvoiceView';
import { isRefused, type AccountProps, type InvoicePageProps } from '@/lib/account/accountView';
import { invoicePageProps } from '@/lib/server/ssr/account/accountPages';
import { withPageWords } from '@/lib/server/i18n/withPageWords';

export const getServerSideProps = withPageWords(invoicePageProps);

export default function InvoicePage(props: AccountProps<InvoicePageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <InvoiceView {...props} />;
}
