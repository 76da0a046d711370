import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import { subscriberI18n } from '@/lib/server/i18n/subscriberWords';
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { parse } from 'cookie';
import type { AccountProps } from '@/lib/account/accountView';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { LIVEMODE_COOKIE, parseLivemode } from '@/lib/journey/query';
import type {
  PublicWithdrawalPageProps,
  WithdrawalAnswerPageProps,
  WithdrawalOffer,
  WithdrawPageProps,
} from '@/lib/withdrawal/withdrawalView';
import { brandLooks } from '@/lib/server/account/brandLooks';
import { serverContext } from '@/lib/server/context/serverContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { subscriptionPageProps } from '@/lib/server/ssr/account/accountPages';
import { refuseUnlessPageMethod } from '@/lib/server/ssr/pageMethods';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { withdrawalLinkView } from './withdrawalLinks';
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
  if (!eligibility.eligible) return { state: 'ineligible', reason: eligibility.reason };
  const left = Math.max(transaction.total - reserved, 0);
  return {
    state: 'eligible',
    refundAmount: left > 0 ? { cents: left, currency: transaction.currencyCode } : null,
    refundTo: paymentMethodName(transaction.order.payment, serverWords(transaction.locale)),
    invoiceNumber: transaction.invoiceNumber ?? transaction.id,
    until: eligibility.until,
  };
}

/** Never cached nor indexed, no referrer (a link's token is in the address); a method other than GET or HEAD gets a 405. */
function personalPage(context: Pick<Context, 'req' | 'res' | 'query'>): void {
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  refuseUnlessPageMethod(context);
}

/** The visit's mode as the journey reads it; a malformed one is live. */
function livemodeOf(context: Pick<Context, 'req' | 'query'>): boolean {
  let cookies: Record<string, string | undefined> = {};
  try {
    cookies = parse(context.req.headers.cookie ?? '');
  } catch {
    // An unreadable cookie header sets no mode.
  }
  const livemode = parseLivemode(context.query.livemode, cookies[LIVEMODE_COOKIE]);
  return livemode.ok ? livemode.value : true;
}

/** /withdraw: anyone can declare a withdrawal here, signed in or not; never cached nor indexed, in the visit's mode. */
export async function publicWithdrawPageProps(
  context: Pick<Context, 'req' | 'res' | 'query'>,
): Promise<GetServerSidePropsResult<PublicWithdrawalPageProps>> {
  personalPage(context);
  return { props: { livemode: livemodeOf(context) } };
}

/** /withdraw/answer?token=…: what a link of the acknowledgment names and does, without using it (a mail scanner's GET changes nothing). */
export async function withdrawalAnswerPageProps(
  context: Pick<Context, 'req' | 'res' | 'query'>,
): Promise<GetServerSidePropsResult<WithdrawalAnswerPageProps & { i18n?: PageI18n }>> {
  personalPage(context);
  const token = typeof context.query.token === 'string' ? context.query.token : '';
  const server = await serverContext();
  const service = await withdrawalServiceFor(server, context.req);
  const brands = brandLooks(await server.catalogue.get());
  try {
    const view = await withdrawalLinkView(
      { db: server.db, now: server.clock, service, brandName: (slug) => brands.get(slug)?.name ?? slug },
      token,
    );
    const { reader, ...shown } = view;
    return { props: { state: 'ready', ...shown, i18n: subscriberI18n(reader) } };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    context.res.statusCode = error.status;
    return { props: { state: 'refused', code: error.code, livemode: livemodeOf(context) } };
  }
}
