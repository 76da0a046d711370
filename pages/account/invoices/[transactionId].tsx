import { AccountRefusal } from '@/components/account/AccountRefusal';
import { InvoiceView } from '@/components/account/InvoiceView';
import { isRefused, type AccountProps, type InvoicePageProps } from '@/lib/account/accountView';

export { invoicePageProps as getServerSideProps } from '@/lib/server/ssr/account/accountPages';

export default function InvoicePage(props: AccountProps<InvoicePageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <InvoiceView {...props} />;
}
