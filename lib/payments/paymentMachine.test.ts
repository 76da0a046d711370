import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import type { SubmitResponse } from '@/lib/checkout/submitContract';
import {
  BANK_DID_NOT_CONFIRM,
  endsAttempt,
  INITIAL_PAYMENT_STATE,
  isBusy,
  paymentReducer,
  type PaymentEvent,
  type PaymentState,
} from './paymentMachine';
import { PREPARE_FAILED } from './runPayment';

const SUCCEEDED: SubmitResponse = { status: 'succeeded', transactionId: 't-1', successPath: '/wired/sale/success' };
const DECLINED: SubmitResponse = {
  status: 'failed',
  transactionId: 't-1',
  code: 'insufficient_funds',
  message: 'Your card has insufficient funds. Please use a different card.',
};
const REDIRECT: SubmitResponse = {
  status: 'requires_action',
  transactionId: 't-1',
  action: { type: 'redirect', url: '/sandbox/authenticate/sbpi_1' },
};
const IN_PAGE: SubmitResponse = {
  status: 'requires_action',
  transactionId: 't-1',
  action: { type: 'stripe_sdk', clientSecret: 'pi_1_secret_x' },
};

const networkError = new ApiError({ status: 0, message: 'We could not reach our server.' });
const serverError = new ApiError({ status: 500, code: 'internal_error', message: 'Something went wrong on our side.' });
const refused = new ApiError({ status: 400, code: 'card_expired', message: 'This card has expired.' });
const inProgress = new ApiError({ status: 409, code: 'attempt_in_progress', message: 'Your payment is still being processed.' });
const providerDown = new ApiError({
  status: 503,
  code: 'payment_provider_unavailable',
  message: 'Card payments are unavailable right now.',
});
const notSetUp = new ApiError({ status: 503, code: 'payments_unavailable', message: 'Live payments are not set up on this server.' });
const tooMany = new ApiError({
  status: 429,
  code: 'too_many_requests',
  message: 'Too many payment attempts from your connection. Please wait 10 minutes and try again.',
});

const idle: PaymentState = INITIAL_PAYMENT_STATE;
const preparing: PaymentState = { status: 'preparing' };
const submitting: PaymentState = { status: 'submitting' };
const requiresAction: PaymentState = { status: 'requires_action', action: { type: 'stripe_sdk', clientSecret: 'pi_1_secret_x' } };
const confirming: PaymentState = { status: 'confirming', bankError: null };
const confirmingAfterBankError: PaymentState = { status: 'confirming', bankError: 'Authentication was cancelled.' };
const redirecting: PaymentState = { status: 'redirecting', url: '/sandbox/authenticate/sbpi_1' };
const succeeded: PaymentState = { status: 'succeeded', successPath: '/wired/sale/success' };
const failedKept: PaymentState = { status: 'failed', message: 'We could not reach our server.', attemptKept: true };
const failedEnded: PaymentState = { status: 'failed', message: 'Declined.', attemptKept: false };

describe('paymentReducer: transitions', () => {
  it.each<[string, PaymentState, PaymentEvent, PaymentState]>([
    ['a submit starts preparing', idle, { type: 'submit-started' }, preparing],
    ['a retry after a failure starts again', failedKept, { type: 'submit-started' }, preparing],
    ['a new attempt after a decline starts again', failedEnded, { type: 'submit-started' }, preparing],
    ['the payment is made: submit', preparing, { type: 'prepared' }, submitting],
    [
      'the method could not prepare: failed, nothing sent, attempt kept',
      preparing,
      { type: 'prepare-failed', message: 'Your card number is incomplete.' },
      { status: 'failed', message: 'Your card number is incomplete.', attemptKept: true },
    ],
    [
      'the method threw while preparing: failed with its code, nothing sent, attempt kept',
      preparing,
      { type: 'prepare-failed', message: '', code: PREPARE_FAILED },
      { status: 'failed', message: '', code: PREPARE_FAILED, attemptKept: true },
    ],
    ['success', submitting, { type: 'submitted', response: SUCCEEDED }, succeeded],
    [
      'decline ends the attempt',
      submitting,
      { type: 'submitted', response: DECLINED },
      { status: 'failed', message: DECLINED.status === 'failed' ? DECLINED.message : '', attemptKept: false },
    ],
    ['3-D Secure on the bank page: redirecting', submitting, { type: 'submitted', response: REDIRECT }, redirecting],
    ['3-D Secure in the page: requires_action', submitting, { type: 'submitted', response: IN_PAGE }, requiresAction],
    ['in-page action done: confirming', requiresAction, { type: 'action-completed' }, confirming],
    [
      'in-page action failed: still confirming, with the bank error',
      requiresAction,
      { type: 'action-failed', message: 'Authentication was cancelled.' },
      confirmingAfterBankError,
    ],
    ['confirmed success', confirming, { type: 'confirmed', response: SUCCEEDED }, succeeded],
    [
      'confirmed decline',
      confirming,
      { type: 'confirmed', response: DECLINED },
      { status: 'failed', message: 'Your card has insufficient funds. Please use a different card.', attemptKept: false },
    ],
    [
      'confirm still needs the bank: not confirmed',
      confirming,
      { type: 'confirmed', response: IN_PAGE },
      { status: 'failed', message: '', code: BANK_DID_NOT_CONFIRM, attemptKept: false },
    ],
    [
      'confirm still needs the bank after a bank error: its message',
      confirmingAfterBankError,
      { type: 'confirmed', response: IN_PAGE },
      { status: 'failed', message: 'Authentication was cancelled.', attemptKept: false },
    ],
    ['a bank error does not hide a confirmed success', confirmingAfterBankError, { type: 'confirmed', response: SUCCEEDED }, succeeded],
    [
      'network error keeps the attempt',
      submitting,
      { type: 'request-failed', error: networkError },
      { status: 'failed', message: 'We could not reach our server.', code: 'network', attemptKept: true },
    ],
    [
      '500 keeps the attempt',
      submitting,
      { type: 'request-failed', error: serverError },
      { status: 'failed', message: 'Something went wrong on our side.', code: 'internal_error', attemptKept: true },
    ],
    [
      '400 ends the attempt',
      submitting,
      { type: 'request-failed', error: refused },
      { status: 'failed', message: 'This card has expired.', code: 'card_expired', attemptKept: false },
    ],
    [
      '409 attempt_in_progress keeps the attempt',
      submitting,
      { type: 'request-failed', error: inProgress },
      { status: 'failed', message: 'Your payment is still being processed.', code: 'attempt_in_progress', attemptKept: true },
    ],
    [
      'a provider outage keeps the attempt and says it is an outage',
      submitting,
      { type: 'request-failed', error: providerDown },
      {
        status: 'failed',
        message: 'Card payments are unavailable right now.',
        code: 'payment_provider_unavailable',
        attemptKept: true,
        providerUnavailable: true,
      },
    ],
    [
      'an outage while confirming, too',
      confirming,
      { type: 'request-failed', error: providerDown },
      {
        status: 'failed',
        message: 'Card payments are unavailable right now.',
        code: 'payment_provider_unavailable',
        attemptKept: true,
        providerUnavailable: true,
      },
    ],
    [
      'payments not set up is no outage',
      submitting,
      { type: 'request-failed', error: notSetUp },
      { status: 'failed', message: 'Live payments are not set up on this server.', code: 'payments_unavailable', attemptKept: true },
    ],
    [
      'a lost confirm keeps the attempt',
      confirming,
      { type: 'request-failed', error: networkError },
      { status: 'failed', message: 'We could not reach our server.', code: 'network', attemptKept: true },
    ],
    [
      'a 429 at submit shows its message and ends the attempt (nothing was charged; another card may follow)',
      submitting,
      { type: 'request-failed', error: tooMany },
      { status: 'failed', message: tooMany.message, code: 'too_many_requests', attemptKept: false },
    ],
    [
      'a 429 at confirm keeps the attempt (the bank may have taken the payment)',
      confirming,
      { type: 'request-failed', error: tooMany },
      { status: 'failed', message: tooMany.message, code: 'too_many_requests', attemptKept: true },
    ],
    [
      'the in-page action threw',
      requiresAction,
      { type: 'request-failed', error: networkError },
      { status: 'failed', message: 'We could not reach our server.', code: 'network', attemptKept: true },
    ],
    ['reset after a failure', failedKept, { type: 'reset' }, idle],
    ['reset on a page restored while redirecting', redirecting, { type: 'reset' }, idle],
    ['reset after a success', succeeded, { type: 'reset' }, idle],
  ])('%s', (_name, from, event, to) => {
    expect(paymentReducer(from, event)).toEqual(to);
  });
});

describe('paymentReducer: an event a state does not expect changes nothing', () => {
  const states: PaymentState[] = [idle, preparing, submitting, requiresAction, confirming, redirecting, succeeded, failedKept];
  const events: PaymentEvent[] = [
    { type: 'submit-started' },
    { type: 'prepared' },
    { type: 'prepare-failed', message: 'm' },
    { type: 'submitted', response: SUCCEEDED },
    { type: 'action-completed' },
    { type: 'action-failed', message: 'm' },
    { type: 'confirmed', response: SUCCEEDED },
    { type: 'request-failed', error: networkError },
    { type: 'reset' },
  ];
  /** The only transitions there are: state status → the events it takes. */
  const legal: Record<PaymentState['status'], PaymentEvent['type'][]> = {
    idle: ['submit-started'],
    preparing: ['prepared', 'prepare-failed'],
    submitting: ['submitted', 'request-failed'],
    requires_action: ['action-completed', 'action-failed', 'request-failed'],
    confirming: ['confirmed', 'request-failed'],
    redirecting: ['reset'],
    succeeded: ['reset'],
    failed: ['submit-started', 'reset'],
  };
  const illegal = states.flatMap((state) =>
    events.filter((event) => !legal[state.status].includes(event.type)).map((event) => [state.status, event.type, state, event] as const),
  );

  it.each(illegal)('%s ignores %s', (_status, _type, state, event) => {
    expect(paymentReducer(state, event)).toBe(state);
  });

  it('a double click while submitting does nothing', () => {
    expect(paymentReducer(submitting, { type: 'submit-started' })).toBe(submitting);
    expect(paymentReducer(preparing, { type: 'submit-started' })).toBe(preparing);
  });
});

describe('isBusy', () => {
  it.each<[PaymentState, boolean]>([
    [idle, false],
    [preparing, true],
    [submitting, true],
    [requiresAction, true],
    [confirming, true],
    [redirecting, true],
    [succeeded, true],
    [failedKept, false],
    [failedEnded, false],
  ])('%o → %s', (state, busy) => {
    expect(isBusy(state)).toBe(busy);
  });
});

describe('endsAttempt', () => {
  it.each<[number, string, boolean]>([
    [0, 'network', false],
    [500, 'internal_error', false],
    [502, 'unknown', false],
    [409, 'attempt_in_progress', false],
    [409, 'already_subscribed', true],
    [400, 'invalid_body', true],
    [404, 'attempt_not_found', true],
    [422, 'idempotency_key_reused', true],
    [429, 'too_many_requests', true],
  ])('%s %s → %s', (status, code, ends) => {
    expect(endsAttempt({ status, code })).toBe(ends);
  });
});
