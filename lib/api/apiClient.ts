import type { ClockAdvance } from '@/lib/account/testClock';
import type { z } from 'zod';
import type { AuthEvent } from '@/lib/identity/authMachine';
import type { QuoteRequestInput, QuoteResponse } from '@/lib/checkout/quoteContract';
import type { confirmRequestSchema, SubmitRequestInput, SubmitResponse } from '@/lib/checkout/submitContract';
import type { VisitorSubscription } from '@/lib/checkout/visitorSubscription';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import type { CancelDeclarationRequest } from '@/lib/account/cancelView';
import type { UndoPurchaseAnswer } from '@/lib/account/undoPurchaseView';
import type { WithdrawalAnswer, WithdrawalDeclarationRequest, WithdrawalReceipt } from '@/lib/withdrawal/withdrawalView';
import type { CardChangeRequest, CardChangeResponse, RenewalPaymentResponse } from '@/lib/account/cardChange';
import { API_MESSAGES, ApiError, errorFromAnswer, hasErrorBody, isAbortError, networkError, type CallMessages } from './apiErrors';

/** Where each call goes, relative to the client's base URL. The identity calls keep the spec's public paths (SPEC §7). */
export const API_PATHS = {
  quote: '/api/checkout/quote',
  submit: '/api/checkout/submit',
  confirm: '/api/checkout/confirm',
  signInLinks: '/api/identity/links',
  signOut: '/api/identity/sign-out',
  subscriptionStatus: '/api/identity/subscription',
  verify: '/martech/api/user/v2/authenticate/verify',
  profile: '/martech/api/user/v2/profile',
  cancelDeclaration: '/api/cancel',
  keepSubscription: '/api/cancel/keep',
  undoPurchase: '/api/undo-purchase',
  withdrawalDeclaration: '/api/withdraw',
  withdrawalAnswer: '/api/withdraw/answer',
  subscription: (
    id: string,
    action: 'cancel' | 'resume' | 'delivery-address' | 'business' | 'card' | 'card/confirm' | 'renewal-payment' | 'clock' | 'withdraw',
  ) => `/api/account/subscriptions/${encodeURIComponent(id)}/${action}`,
  sandboxAuthenticate: (paymentId: string) => `/api/sandbox/payments/${encodeURIComponent(paymentId)}/authenticate`,
  sandboxWallet: (paymentId: string) => `/api/sandbox/wallet/${encodeURIComponent(paymentId)}`,
} as const;

export type ConfirmRequestInput = z.input<typeof confirmRequestSchema>;

/** The body of POST /api/identity/links (its zod schema lives in the route). */
export interface SignInLinkRequest {
  email: string;
  purpose: 'magic-link' | 'sign-in';
  brand: string;
  urlSlug: string;
  /** The page to come back to after signing in; the server keeps it within the journey. */
  returnPath: string;
}

/** What keeping a subscription with its e-mailed link answers. */
export interface KeepAnswer {
  kept: true;
  brandName: string;
  offerName: string;
  nextCharge: SubscriptionSummary['facts']['nextCharge'];
}

/** The account's sign-in (no brand): its link leads to /account/sign-in/complete. */
export interface AccountSignInLinkRequest {
  email: string;
  /** The account page to come back to; the server keeps it at /account or below. */
  returnPath: string;
  /** The page's locale (a BCP 47 tag): the mail's language; English when absent or one the catalogues do not speak. */
  locale?: string;
}

export type SandboxAuthenticationOutcome = 'approve' | 'fail';
/** What the visitor does on a sandbox wallet's page. */
/** `approve-renewals-fail`: pays today, and every renewal of the subscription fails (as a test card's renewal outcome). */
export type SandboxWalletOutcome = 'approve' | 'approve-renewals-fail' | 'cancel' | 'fail';

/** The sandbox bank's answer: the intent's new status and where the visitor goes next. */
export interface SandboxAuthenticationAnswer {
  status: string;
  redirectTo: string;
}

/**
 * Every call the browser makes to our server. Failed calls reject with an ApiError whose
 * message can be shown as it is, except where noted; an aborted quote rejects with the
 * fetch's own AbortError.
 */
export interface ApiClient {
  /** Prices the order. */
  quote(request: QuoteRequestInput, signal?: AbortSignal): Promise<QuoteResponse>;
  /** Sends the checkout: succeeded, requires_action (the bank) or failed (declined). */
  submit(request: SubmitRequestInput): Promise<SubmitResponse>;
  /** Where an attempt's payment stands after the visitor authenticated with their bank in the page. */
  confirm(idempotencyKey: string, returnPath: string): Promise<SubmitResponse>;
  /**
   * Asks for an e-mailed sign-in link; a refused address rejects with the address's own problem
   * as the message. In test mode (livemode false) the request says so, so that it counts against the test budget.
   */
  requestSignInLink(request: SignInLinkRequest | AccountSignInLinkRequest, livemode?: boolean): Promise<void>;
  /** Ends this session (or, with everywhere, every session of the visitor); signed out already is fine. */
  signOut(options?: { everywhere?: boolean }): Promise<void>;
  /** Whether the visitor is signed in and already subscribes to the brand. */
  subscriptionStatus(brandSlug: string): Promise<VisitorSubscription>;
  /** The session check as the auth machine's next event; never rejects: any failed call is `verify-failed` (SPEC §8). */
  verifySession(livemode: boolean): Promise<AuthEvent>;
  /** The signed-in visitor's e-mail; null when there is none or the call failed. Never rejects. */
  loadProfileEmail(livemode: boolean): Promise<string | null>;
  /** Cancels one of the signed-in subscriber's subscriptions at the end of its period. */
  cancelSubscription(id: string, reason?: string): Promise<{ subscription: SubscriptionSummary }>;
  /** Takes a cancellation back while the period runs. */
  resumeSubscription(id: string): Promise<{ subscription: SubscriptionSummary }>;
  /** QA's test clock: moves a test-mode sandbox subscription's own time ahead, and runs what comes due. */
  moveTestClock(id: string, advance: ClockAdvance): Promise<{ subscription: SubscriptionSummary }>;
  /** Where a print subscription is delivered from now on. */
  changeDeliveryAddress(
    id: string,
    address: { line1: string; city: string; postalCode: string },
  ): Promise<{ subscription: SubscriptionSummary }>;
  /** The company a business subscriber's later invoices name. */
  changeBusiness(id: string, business: { companyName: string; vatNumber: string }): Promise<{ subscription: SubscriptionSummary }>;
  /** Changes the card that renews a card subscription (nothing is charged); a declined card answers `failed` with its message. */
  changeCard(id: string, request: CardChangeRequest): Promise<CardChangeResponse>;
  /** After the bank's check in the page: records the card the setup saved. */
  confirmCardChange(id: string, setupId: string): Promise<CardChangeResponse>;
  /** A renewal the bank held for the subscriber's check: paid now, the check to do, or the bank's refusal. */
  confirmRenewalPayment(id: string): Promise<RenewalPaymentResponse>;
  /** Declares a cancellation without signing in; the answer is the same whether or not the address subscribes. */
  declareCancellation(request: CancelDeclarationRequest): Promise<{ received: true; receivedAt: string }>;
  /** Uses an e-mailed "Keep my subscription" link. */
  keepSubscription(token: string): Promise<KeepAnswer>;
  /** Uses an e-mailed "Undo this purchase" link: the duplicate purchase is refunded and its subscription ended. */
  undoPurchase(token: string): Promise<UndoPurchaseAnswer>;
  /** The signed-in owner withdraws from a purchase within 14 days: answered with the receipt. */
  withdrawSubscription(id: string): Promise<{ withdrawal: WithdrawalReceipt }>;
  /** A withdrawal declared on the public page: the same answer whether or not it named a purchase. */
  declareWithdrawal(request: WithdrawalDeclarationRequest): Promise<{ received: true; receivedAt: string }>;
  /** Uses a link of a public withdrawal's acknowledgment: confirms it, or says it was not the subscriber. */
  answerWithdrawal(token: string): Promise<WithdrawalAnswer>;
  /** The sandbox bank's 3-D Secure page answering a challenge. */
  authenticateSandboxPayment(paymentId: string, outcome: SandboxAuthenticationOutcome): Promise<SandboxAuthenticationAnswer>;
  /** A sandbox wallet's page answering a payment: where the visitor goes next. */
  answerSandboxWallet(paymentId: string, outcome: SandboxWalletOutcome): Promise<SandboxAuthenticationAnswer>;
}

export interface ApiClientOptions {
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch;
  /** Prefix of every path; '' (same origin) by default. */
  baseUrl?: string;
}

const JSON_BODY = { 'content-type': 'application/json' } as const;

/** The identity calls' headers, as the spec's identity service expects them (SPEC §7). */
const identityHeaders = (livemode: boolean) => ({
  Accept: 'application/json',
  'Content-Type': 'application/json',
  livemode: String(livemode),
});

/** The identity calls never reject (their failures are auth events), so these are never shown. */
const IDENTITY_MESSAGES: CallMessages = { unreachable: 'The sign-in check failed.', fallback: 'The sign-in check failed.' };

interface Answer {
  status: number;
  ok: boolean;
  /** The parsed JSON body; null when there was none or it was not JSON. */
  body: unknown;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl?.replace(/\/+$/, '') ?? '';
  // Looked up per call and called unbound-safe: `window.fetch` throws "Illegal invocation" as a method of another object.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** One round trip: rejects with the fetch's AbortError, or a network ApiError when nothing answered. */
  async function send(path: string, init: RequestInit, messages: CallMessages): Promise<Answer> {
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, { credentials: 'same-origin', ...init });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw networkError(messages, error);
    }
    const body: unknown = await response.json().catch(() => null);
    // Aborted while the body was read: the caller asked to stop, the answer is not wanted.
    if (init.signal?.aborted) throw init.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    return { status: response.status, ok: response.ok, body };
  }

  /** A call whose success is a JSON object: anything else is an ApiError. */
  async function call<T>(
    path: string,
    init: RequestInit,
    messages: CallMessages,
    isAnswer: (body: object) => boolean = () => true,
  ): Promise<T> {
    const answer = await send(path, init, messages);
    const { body } = answer;
    if (!answer.ok || typeof body !== 'object' || body === null || hasErrorBody(body) || !isAnswer(body)) {
      throw errorFromAnswer(answer.status, body, messages);
    }
    return body as T;
  }

  const post = <T>(path: string, payload: unknown, messages: CallMessages, extra: RequestInit = {}, isAnswer?: (body: object) => boolean) =>
    call<T>(path, { method: 'POST', headers: JSON_BODY, body: JSON.stringify(payload), ...extra }, messages, isAnswer);

  return {
    quote: (request, signal) => post<QuoteResponse>(API_PATHS.quote, request, API_MESSAGES.quote, signal ? { signal } : {}),

    submit: (request) => post<SubmitResponse>(API_PATHS.submit, request, API_MESSAGES.payment),

    confirm: (idempotencyKey, returnPath) =>
      post<SubmitResponse>(API_PATHS.confirm, { idempotencyKey, returnPath } satisfies ConfirmRequestInput, API_MESSAGES.payment),

    async requestSignInLink(request, livemode = true) {
      const init = { method: 'POST', headers: JSON_BODY, body: JSON.stringify(request) };
      const path = livemode ? API_PATHS.signInLinks : `${API_PATHS.signInLinks}?livemode=false`;
      const { ok, status, body } = await send(path, init, API_MESSAGES.signInLink);
      if (ok) return; // 202 { sent: true }, the same whether or not the address is known
      const error = errorFromAnswer(status, body, API_MESSAGES.signInLink);
      // A refused address: show the address's own problem rather than the whole body's.
      const emailProblem = error.details.find((detail) => detail.startsWith('email: '))?.slice('email: '.length);
      throw emailProblem ? new ApiError({ status, code: error.code, details: error.details, message: emailProblem }) : error;
    },

    cancelSubscription: (id, reason) =>
      post<{ subscription: SubscriptionSummary }>(
        API_PATHS.subscription(id, 'cancel'),
        reason ? { reason } : {},
        API_MESSAGES.subscriptionChange,
      ),

    resumeSubscription: (id) =>
      post<{ subscription: SubscriptionSummary }>(API_PATHS.subscription(id, 'resume'), {}, API_MESSAGES.subscriptionChange),

    moveTestClock: (id, advance) =>
      post<{ subscription: SubscriptionSummary }>(API_PATHS.subscription(id, 'clock'), { advance }, API_MESSAGES.subscriptionChange),

    changeDeliveryAddress: (id, address) =>
      post<{ subscription: SubscriptionSummary }>(
        API_PATHS.subscription(id, 'delivery-address'),
        { address },
        API_MESSAGES.subscriptionChange,
      ),

    changeBusiness: (id, business) =>
      post<{ subscription: SubscriptionSummary }>(API_PATHS.subscription(id, 'business'), business, API_MESSAGES.subscriptionChange),

    changeCard: (id, request) => post<CardChangeResponse>(API_PATHS.subscription(id, 'card'), request, API_MESSAGES.subscriptionChange),

    confirmCardChange: (id, setupId) =>
      post<CardChangeResponse>(API_PATHS.subscription(id, 'card/confirm'), { setupId }, API_MESSAGES.subscriptionChange),

    confirmRenewalPayment: (id) =>
      post<RenewalPaymentResponse>(API_PATHS.subscription(id, 'renewal-payment'), {}, API_MESSAGES.subscriptionChange),

    declareCancellation: (request) =>
      post<{ received: true; receivedAt: string }>(API_PATHS.cancelDeclaration, request, API_MESSAGES.cancellation),

    keepSubscription: (token) => post<KeepAnswer>(API_PATHS.keepSubscription, { token }, API_MESSAGES.subscriptionChange),

    undoPurchase: (token) => post<UndoPurchaseAnswer>(API_PATHS.undoPurchase, { token }, API_MESSAGES.undoPurchase),
    withdrawSubscription: (id) =>
      post<{ withdrawal: WithdrawalReceipt }>(API_PATHS.subscription(id, 'withdraw'), {}, API_MESSAGES.withdrawal),

    declareWithdrawal: (request) =>
      post<{ received: true; receivedAt: string }>(API_PATHS.withdrawalDeclaration, request, API_MESSAGES.withdrawalDeclaration),

    answerWithdrawal: (token) => post<WithdrawalAnswer>(API_PATHS.withdrawalAnswer, { token }, API_MESSAGES.withdrawalAnswer),

    async signOut(options = {}) {
      await post<{ signedOut: true }>(API_PATHS.signOut, options.everywhere ? { everywhere: true } : {}, API_MESSAGES.signOut);
    },

    subscriptionStatus: (brandSlug) =>
      call<VisitorSubscription>(
        `${API_PATHS.subscriptionStatus}?brand=${encodeURIComponent(brandSlug)}`,
        { method: 'GET' },
        API_MESSAGES.subscriptionStatus,
        (body) => typeof (body as Partial<VisitorSubscription>).signedIn === 'boolean',
      ),

    async verifySession(livemode) {
      try {
        const { ok, status, body } = await send(API_PATHS.verify, { headers: identityHeaders(livemode) }, IDENTITY_MESSAGES);
        const answer = body as { amgUUID?: unknown; expires_on?: unknown; error?: { code?: unknown; status?: unknown } } | null;
        if (ok && typeof answer?.amgUUID === 'string' && answer.amgUUID) {
          return { type: 'verified', amgUUID: answer.amgUUID, expiresOn: typeof answer.expires_on === 'number' ? answer.expires_on : null };
        }
        // The spec's 401 body is { error: { code: 401, status: 'MISSING' } }; any other failure is INVALID with its HTTP status.
        const code = typeof answer?.error?.code === 'number' ? answer.error.code : status;
        return { type: 'verify-failed', code, status: typeof answer?.error?.status === 'string' ? answer.error.status : 'INVALID' };
      } catch {
        return { type: 'verify-failed', code: 0, status: 'NETWORK' };
      }
    },

    async loadProfileEmail(livemode) {
      try {
        const { ok, body } = await send(API_PATHS.profile, { headers: identityHeaders(livemode) }, IDENTITY_MESSAGES);
        const email = (body as { email?: unknown } | null)?.email;
        return ok && typeof email === 'string' && email ? email : null;
      } catch {
        return null;
      }
    },

    authenticateSandboxPayment: (paymentId, outcome) =>
      post<SandboxAuthenticationAnswer>(
        API_PATHS.sandboxAuthenticate(paymentId),
        { outcome },
        API_MESSAGES.sandboxAuthentication,
        {},
        hasRedirect,
      ),

    answerSandboxWallet: (paymentId, outcome) =>
      post<SandboxAuthenticationAnswer>(API_PATHS.sandboxWallet(paymentId), { outcome }, API_MESSAGES.sandboxWallet, {}, hasRedirect),
  };
}

const hasRedirect = (body: unknown) =>
  typeof (body as Partial<SandboxAuthenticationAnswer>).redirectTo === 'string' && (body as SandboxAuthenticationAnswer).redirectTo !== '';
