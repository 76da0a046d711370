/** What a buyer is shown of a withdrawal: every sentence's facts already worded, instants in UTC. */
import type { SubscriptionPageProps } from '@/lib/account/accountView';

/** Where a withdrawal was declared: signed in, or on the public page the footer links to. */
export type WithdrawalChannel = 'account' | 'footer';

/** How the refund of a withdrawal stands: made, under way at the provider, refused by it, or none (nothing was paid). */
export type WithdrawalRefundState = 'succeeded' | 'pending' | 'failed' | 'none';

/** The receipt of a withdrawal made from the account. */
export interface WithdrawalReceipt {
  /** ISO instant it was received, and the same in words: "November 27, 2026 at 09:14 UTC". */
  receivedAt: string;
  receivedText: string;
  brandName: string;
  offerName: string;
  invoiceNumber: string;
  refund: { state: WithdrawalRefundState; amount: string; to: string };
  /** Where the confirmation was queued. */
  emailedTo: string;
}

/** The step-1 page of the account's withdrawal: what withdrawing does, why it cannot, or its receipt. */
export type WithdrawalOffer =
  | { state: 'eligible'; refundAmount: string | null; refundTo: string; invoiceNumber: string; until: string }
  | { state: 'ineligible'; message: string }
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

/** The page of a link of the acknowledgment: what it names, instants in words. */
export interface WithdrawalLinkView {
  purpose: WithdrawalLinkPurpose;
  token: string;
  brandName: string;
  offerName: string;
  invoiceNumber: string;
  /** When it was declared, and when it is carried out without an answer: "November 27, 2026 at 09:14 UTC". */
  receivedText: string;
  automaticText: string;
  livemode: boolean;
}

/** /withdraw/answer?token=…: the link's page, or why it cannot be used. */
export type WithdrawalAnswerPageProps =
  ({ state: 'ready' } & WithdrawalLinkView) | { state: 'refused'; message: string; livemode: boolean };

/** What using a link answers: the receipt of the confirmed withdrawal, or that the subscription continues. */
export type WithdrawalAnswer = { answer: 'confirmed'; withdrawal: WithdrawalReceipt } | { answer: 'objected'; offerName: string };
