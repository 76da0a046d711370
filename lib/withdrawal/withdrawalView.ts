/** What a buyer is shown of a withdrawal: facts, not sentences (the page words them in its locale), instants as ISO strings. */
import type { SubscriptionPageProps } from '@/lib/account/accountView';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { IneligibleReason } from './withdrawalPolicy';

/** An amount in minor units with its currency, written by the page in its reader's locale. */
export interface Amount {
  cents: number;
  currency: CurrencyCode;
}

/** Where a withdrawal was declared: signed in, or on the public page the footer links to. */
export type WithdrawalChannel = 'account' | 'footer';

/** How the refund of a withdrawal stands: made, under way at the provider, refused by it, or none (nothing was paid). */
export type WithdrawalRefundState = 'succeeded' | 'pending' | 'failed' | 'none';

/** The receipt of a withdrawal made from the account. */
export interface WithdrawalReceipt {
  /** ISO instant it was received, from which it counts. */
  receivedAt: string;
  brandName: string;
  offerName: string;
  invoiceNumber: string;
  /** `to`: the payment method's name ("Visa ending in 4242"). */
  refund: { state: WithdrawalRefundState; amount: Amount; to: string };
  /** Where the confirmation was queued. */
  emailedTo: string;
}

/** The step-1 page of the account's withdrawal: what withdrawing does, why it cannot, or its receipt. */
export type WithdrawalOffer =
  /** `refundAmount` null when nothing is left to refund; `until`: the ISO instant the period ends. */
  | { state: 'eligible'; refundAmount: Amount | null; refundTo: string; invoiceNumber: string; until: string }
  | { state: 'ineligible'; reason: IneligibleReason }
  | { state: 'withdrawn'; receipt: WithdrawalReceipt };

/** The body of POST /api/withdraw (the public page). */
export interface WithdrawalDeclarationRequest {
  email: string;
  invoiceNumber: string;
  name?: string;
  livemode: boolean;
}

/** The public page's props: the mode of the visit. */
export interface PublicWithdrawalPageProps {
  livemode: boolean;
}

/** /account/subscriptions/{id}/withdraw: the subscription and what withdrawing from it would do, or why it cannot, or its receipt. */
export interface WithdrawPageProps extends SubscriptionPageProps {
  offer: WithdrawalOffer;
}

/** What a link of a public withdrawal's acknowledgment does: confirm it, or say it was not the subscriber. */
export type WithdrawalLinkPurpose = 'confirm' | 'object';

/** The page of a link of the acknowledgment: what it names, and when (ISO instants). */
export interface WithdrawalLinkView {
  purpose: WithdrawalLinkPurpose;
  token: string;
  brandName: string;
  offerName: string;
  invoiceNumber: string;
  /** When it was declared, and when it is carried out without an answer. */
  receivedAt: string;
  automaticAt: string;
  livemode: boolean;
}

/** /withdraw/answer?token=…: the link's page, or why it cannot be used (the refusal's code, worded by the page). */
export type WithdrawalAnswerPageProps = ({ state: 'ready' } & WithdrawalLinkView) | { state: 'refused'; code: string; livemode: boolean };

/** What using a link answers: the receipt of the confirmed withdrawal, or that the subscription continues. */
export type WithdrawalAnswer = { answer: 'confirmed'; withdrawal: WithdrawalReceipt } | { answer: 'objected'; offerName: string };
