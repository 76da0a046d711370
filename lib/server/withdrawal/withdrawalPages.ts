import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { parse } from 'cookie';
import type { AccountProps } from '@/lib/account/accountView';
import { dateTimeText } from '@/lib/account/accountWords';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { LIVEMODE_COOKIE, parseLivemode } from '@/lib/journey/query';
import { formatMoney } from '@/lib/pricing/money';
import type { PublicWithdrawalPageProps, WithdrawalOffer, WithdrawPageProps } from '@/lib/withdrawal/withdrawalView';
import { serverContext } from '@/lib/server/context/serverContext';
import { subscriptionPageProps } from '@/lib/server/ssr/account/accountPages';
import { refuseUnlessPageMethod } from '@/lib/server/ssr/pageMethods';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { Contract } from './WithdrawalService';
import { withdrawalServiceFor } from './withdrawalServiceFor';

type Context = GetServerSidePropsContext;

/**
 * /account/subscriptions/{id}/withdraw: step 1 of the account's withdrawal (what it does, or
 * why it cannot be done), and, once made, its receipt read back from the record: a reload
 * shows the receipt again and sends nothing.
 */
export async function withdrawPageProps(context: Context): Promise<GetServerSidePropsResult<AccountProps<WithdrawPageProps>>> {
  const result = await subscriptionPageProps(context);
  if (!('props' in result)) return result;
  const props = await result.props;
  if ('refused' in props) return { props };
  const server = await serverContext();
  const subscription = (await new SubscriptionRepository(server.db, server.clock).findById(props.subscription.id))!;
  const service = await withdrawalServiceFor(server, context.req);
  const contract = await service.contractOf(subscription);
  if (!contract) return { notFound: true };
  const receipt = await service.receiptOf(contract);
  return { props: { ...props, offer: receipt ? { state: 'withdrawn', receipt } : offerOf(contract) } };
}

function offerOf({ eligibility, transaction, reserved }: Contract): WithdrawalOffer {
  if (!eligibility.eligible) return { state: 'ineligible', message: eligibility.message };
  const left = Math.max(transaction.total - reserved, 0);
  return {
    state: 'eligible',
    refundAmount: left > 0 ? formatMoney(left, transaction.currencyCode) : null,
    refundTo: paymentMethodName(transaction.order.payment),
    invoiceNumber: transaction.invoiceNumber ?? transaction.id,
    until: dateTimeText(eligibility.until),
  };
}

/** /withdraw: anyone can declare a withdrawal here, signed in or not; never cached nor indexed, in the visit's mode. */
export async function publicWithdrawPageProps(
  context: Pick<Context, 'req' | 'res' | 'query'>,
): Promise<GetServerSidePropsResult<PublicWithdrawalPageProps>> {
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  refuseUnlessPageMethod(context);
  let cookies: Record<string, string | undefined> = {};
  try {
    cookies = parse(context.req.headers.cookie ?? '');
  } catch {
    // An unreadable cookie header sets no mode.
  }
  const livemode = parseLivemode(context.query.livemode, cookies[LIVEMODE_COOKIE]);
  return { props: { livemode: livemode.ok ? livemode.value : true } };
}
