import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { z } from 'zod';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import type { AccountPageProps, AccountProps, InvoicePageProps, SubscriptionPageProps } from '@/lib/account/accountView';
import { CARD_SETUP_PARAM, RENEWAL_RETURN_PARAM, type CardPageProps } from '@/lib/account/cardChange';
import { invoicePage } from '@/lib/invoices/invoicePage';
import { loadAccount, summariesOf } from '@/lib/server/account/accountService';
import { brandLooks } from '@/lib/server/account/brandLooks';
import { setupIdSchema } from '@/lib/server/account/cardChangeActions';
import { enabledPaymentMethods } from '@/lib/server/payments/methodRegistry';
import { CreditNoteRepository } from '@/lib/server/invoices/CreditNoteRepository';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { serverContext } from '@/lib/server/context/serverContext';
import { accountRequest } from './accountRequest';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { inTimeZone } from '@/lib/i18n/words';
import { linkedReader, subscriberI18n } from '@/lib/server/i18n/subscriberWords';

type Context = GetServerSidePropsContext;
/** A subscriber's page carries the words of its reader (lib/server/i18n/subscriberWords.ts). */
type Result<P> = GetServerSidePropsResult<AccountProps<P & { i18n?: PageI18n }>>;

const SUBSCRIPTION_ID = z.string().regex(/^sub_[a-z2-7]{16}$/);
const TRANSACTION_ID = z.string().regex(/^txn_[A-Za-z0-9_-]{1,64}$/);

/** /account */
export async function accountPageProps(context: Context): Promise<Result<AccountPageProps>> {
  const request = await accountRequest(context);
  if (request.kind === 'redirect') return { redirect: request.redirect };
  if (request.kind === 'refused') return { props: { refused: request } };
  return { props: await loadAccount(request.server, request.email, request.livemode, linkedReader(context.query)) };
}

/** /account/subscriptions/{id}/… : one of the signed-in subscriber's subscriptions; anyone else's is the site's 404. */
export async function subscriptionPageProps(context: Context): Promise<Result<SubscriptionPageProps>> {
  const request = await accountRequest(context);
  if (request.kind === 'redirect') return { redirect: request.redirect };
  if (request.kind === 'refused') return { props: { refused: request } };
  const id = SUBSCRIPTION_ID.safeParse(context.params?.id);
  if (!id.success) return { notFound: true };
  const { server, email, livemode } = request;
  const subscription = await new SubscriptionRepository(server.db, server.clock).findById(id.data);
  if (!subscription || subscription.ownerEmail !== email || (!subscription.livemode && livemode)) return { notFound: true };
  const [summary] = await summariesOf(server, [subscription]);
  const brand = brandLooks(await server.catalogue.get()).get(subscription.brandSlug) ?? null;
  return { props: { email, livemode, subscription: summary!, brand, i18n: subscriberI18n(subscription) } };
}

/**
 * /account/subscriptions/{id}/card: the subscription, and the card form of its mode (Stripe
 * Elements with its publishable key, or the sandbox's fields in test mode); null when no
 * card gateway takes that mode's cards on this server. Back from the sandbox bank's page,
 * the setup it names (?card_setup=…), which the page confirms; anything else there is ignored.
 */
export async function cardPageProps(context: Context): Promise<Result<CardPageProps>> {
  const result = await subscriptionPageProps(context);
  if (!('props' in result)) return result;
  const props = await result.props;
  if ('refused' in props) return { props };
  const server = await serverContext();
  const card = enabledPaymentMethods(server.config, props.subscription.livemode).find((method) => method.id === 'card');
  const returned = setupIdSchema.safeParse(context.query[CARD_SETUP_PARAM]);
  return {
    props: {
      ...props,
      card: card?.id === 'card' ? card.config : null,
      returnedSetup: returned.success ? returned.data : null,
      returnedFromRenewal: context.query[RENEWAL_RETURN_PARAM] !== undefined,
      i18n: subscriberI18n(props.i18n ?? null, ['methods', 'payment']),
    },
  };
}

/** /account/subscriptions/{id}/address: the subscription, with the checkout's words for an address it refuses. */
/** The account's company details page: the subscription's page, with the checkout's words for the fields. */
export const businessPageProps = (context: Context): Promise<Result<SubscriptionPageProps>> => addressPageProps(context);

export async function addressPageProps(context: Context): Promise<Result<SubscriptionPageProps>> {
  const result = await subscriptionPageProps(context);
  if (!('props' in result)) return result;
  const props = await result.props;
  if ('refused' in props) return { props };
  return { props: { ...props, i18n: subscriberI18n(props.i18n ?? null, ['payment']) } };
}

/** /account/invoices/{transactionId}: the invoice of a paid order of one of the subscriber's subscriptions. */
export async function invoicePageProps(context: Context): Promise<Result<InvoicePageProps>> {
  const request = await accountRequest(context);
  if (request.kind === 'redirect') return { redirect: request.redirect };
  if (request.kind === 'refused') return { props: { refused: request } };
  const id = TRANSACTION_ID.safeParse(context.params?.transactionId);
  if (!id.success) return { notFound: true };
  const { server, email, livemode } = request;
  const invoice = await new InvoiceRepository(server.db).findByTransaction(id.data);
  const subscription = invoice?.subscriptionId
    ? await new SubscriptionRepository(server.db, server.clock).findById(invoice.subscriptionId)
    : null;
  if (!invoice || !subscription || subscription.ownerEmail !== email) return { notFound: true };
  if (!invoice.livemode && livemode) return { notFound: true };
  const brand = brandLooks(await server.catalogue.get()).get(invoice.brandSlug) ?? null;
  // The credit notes of the refunds made: a refund under way or refused has none.
  const creditNotes = await new CreditNoteRepository(server.db).ofInvoice(invoice.number);
  return {
    props: {
      email,
      livemode,
      brand,
      invoice: invoicePage(
        invoice,
        creditNotes,
        brand?.name ?? invoice.brandSlug,
        inTimeZone(serverWords(subscription.locale), subscription.timeZone),
      ),
      i18n: subscriberI18n(subscription),
    },
  };
}
