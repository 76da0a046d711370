import { AccountRefusal } from '@/components/account/AccountRefusal';
import { CardChangeView } from '@/components/account/CardChangeView';
import { isRefused, type AccountProps } from '@/lib/account/accountView';
import type { CardPageProps } from '@/lib/account/cardChange';
import { cardPageProps } from '@/lib/server/ssr/account/accountPages';
import { withSubscriberWords } from '@/lib/server/i18n/subscriberWords';

export const getServerSideProps = withSubscriberWords(cardPageProps);

/** A payment page (lib/journey/paymentPages.ts): the payment step's policy, no marketing code, a full load to reach it. */

export default function ChangeCardPage(props: AccountProps<CardPageProps>) {
  return isRefused(props) ? <AccountRefusal refused={props.refused} /> : <CardChangeView {...props} />;
}
