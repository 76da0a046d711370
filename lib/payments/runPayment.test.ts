import { describe, expect, it } from 'vitest';
import { createFakeApiClient, type FakeApiClient } from '@/tests/fixtures/fakeApiClient';
import { API_MESSAGES, ApiError } from '@/lib/api/apiErrors';
import type { SubmitRequestInput, SubmitResponse } from '@/lib/checkout/submitContract';
import type { NextAction } from './nextAction';
import { BANK_DID_NOT_CONFIRM, INITIAL_PAYMENT_STATE, paymentReducer, type PaymentEvent, type PaymentState } from './paymentMachine';
import {
  createPaymentDriver,
  PREPARE_FAILED,
  runPayment,
  type PaymentDeps,
  type PaymentInput,
  type PaymentMethodActions,
} from './runPayment';

const RETURN_PATH = '/wired/sale/credit-card?livemode=false';
const SUCCESS_PATH = '/wired/sale/success?livemode=false';
const SANDBOX_CARD: PaymentInput = { kind: 'sandbox-card', number: '4242424242424242', expiry: '12/30', cvc: '123' };
const IN_PAGE_ACTION: NextAction = { type: 'stripe_sdk', clientSecret: 'pi_1_secret_x' };

const SUCCEEDED: SubmitResponse = { status: 'succeeded', transactionId: 't-1', successPath: SUCCESS_PATH };
const DECLINED: SubmitResponse = {
  status: 'failed',
  transactionId: 't-1',
  code: 'generic_decline',
  message: 'Your card was declined. Please use a different card or contact your bank.',
};
const REDIRECT: SubmitResponse = {
  status: 'requires_action',
  transactionId: 't-1',
  action: { type: 'redirect', url: '/sandbox/authenticate/sbpi_1' },
};
const IN_PAGE: SubmitResponse = { status: 'requires_action', transactionId: 't-1', action: IN_PAGE_ACTION };

const NETWORK = new ApiError({ status: 0, message: API_MESSAGES.payment.unreachable });
const SERVER = new ApiError({ status: 500, code: 'internal_error', message: 'Something went wrong on our side.' });
const REFUSED = new ApiError({ status: 400, code: 'card_expired', message: 'This card has expired.' });
const IN_PROGRESS = new ApiError({
  status: 409,
  code: 'attempt_in_progress',
  message: 'Your payment is still being processed. Please wait a moment, then reload the page.',
});
const TOO_MANY = new ApiError({
  status: 429,
  code: 'too_many_requests',
  message: 'Too many payment attempts from your connection. Please wait 10 minutes and try again.',
});

/** An in-memory attempt, as useAttempt keeps it in session storage. */
function memoryAttempt() {
  let current: { key: string; paymentMethodId?: string } | null = null;
  let made = 0;
  const log = { finished: 0 };
  return {
    log,
    peek: () => current,
    attempt: {
      key() {
        current ??= { key: `key-${++made}` };
        return current.key;
      },
      paymentMethodId: () => current?.paymentMethodId,
      rememberPaymentMethod(id: string) {
        current = { key: current?.key ?? `key-${++made}`, paymentMethodId: id };
      },
      finish() {
        log.finished += 1;
        current = null;
      },
    },
  };
}

interface Setup {
  api?: (api: FakeApiClient) => void;
  prepare?: PaymentMethodActions['prepare'];
  handleAction?: PaymentMethodActions['handleAction'];
}

function setup({ api: queue, prepare, handleAction }: Setup = {}) {
  const api = createFakeApiClient();
  queue?.(api);
  const memory = memoryAttempt();
  const effects: string[] = [];
  const events: PaymentEvent[] = [];
  const actions: NextAction[] = [];
  const deps: PaymentDeps = {
    api,
    attempt: memory.attempt,
    method: {
      prepare: prepare ?? (async () => ({ payment: SANDBOX_CARD })),
      async handleAction(action) {
        actions.push(action);
        return handleAction ? handleAction(action) : {};
      },
    },
    buildRequest: (payment, idempotencyKey) => ({
      ...(REQUEST_BASE as Omit<SubmitRequestInput, 'payment' | 'idempotencyKey'>),
      payment,
      idempotencyKey,
    }),
    navigate: async (path) => {
      effects.push(`navigate ${path}`);
    },
    redirect: (url) => {
      effects.push(`redirect ${url}`);
    },
  };
  const dispatch = (event: PaymentEvent) => events.push(event);
  return { api, memory, effects, events, actions, deps, dispatch };
}

const REQUEST_BASE = {
  brand: 'wired',
  urlSlug: 'sale',
  offerId: '12',
  addOnIds: [],
  billing: { email: 'reader@example.com', firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
  autoRenewalConsent: false,
  livemode: false,
  source: null,
  returnPath: RETURN_PATH,
};

interface Scenario {
  name: string;
  setup: Setup;
  events: PaymentEvent['type'][];
  state: PaymentState;
  /** Whether the attempt's key is still there for a retry. */
  attemptKept: boolean;
  effects: string[];
  confirms: [string, string][];
  submits: number;
}

const scenarios: Scenario[] = [
  {
    name: 'success',
    setup: { api: (api) => api.answer('submit', SUCCEEDED) },
    events: ['submit-started', 'prepared', 'submitted'],
    state: { status: 'succeeded', successPath: SUCCESS_PATH },
    attemptKept: false,
    effects: [`navigate ${SUCCESS_PATH}`],
    confirms: [],
    submits: 1,
  },
  {
    name: 'decline',
    setup: { api: (api) => api.answer('submit', DECLINED) },
    events: ['submit-started', 'prepared', 'submitted'],
    state: { status: 'failed', message: 'Your card was declined. Please use a different card or contact your bank.', attemptKept: false },
    attemptKept: false,
    effects: [],
    confirms: [],
    submits: 1,
  },
  {
    name: '3-D Secure redirect leaves the page with the attempt open',
    setup: { api: (api) => api.answer('submit', REDIRECT) },
    events: ['submit-started', 'prepared', 'submitted'],
    state: { status: 'redirecting', url: '/sandbox/authenticate/sbpi_1' },
    attemptKept: true,
    effects: ['redirect /sandbox/authenticate/sbpi_1'],
    confirms: [],
    submits: 1,
  },
  {
    name: 'in-page action, then confirmed success',
    setup: { api: (api) => api.answer('submit', IN_PAGE).answer('confirm', SUCCEEDED) },
    events: ['submit-started', 'prepared', 'submitted', 'action-completed', 'confirmed'],
    state: { status: 'succeeded', successPath: SUCCESS_PATH },
    attemptKept: false,
    effects: [`navigate ${SUCCESS_PATH}`],
    confirms: [['key-1', RETURN_PATH]],
    submits: 1,
  },
  {
    name: 'in-page action, then confirmed decline',
    setup: { api: (api) => api.answer('submit', IN_PAGE).answer('confirm', DECLINED) },
    events: ['submit-started', 'prepared', 'submitted', 'action-completed', 'confirmed'],
    state: { status: 'failed', message: 'Your card was declined. Please use a different card or contact your bank.', attemptKept: false },
    attemptKept: false,
    effects: [],
    confirms: [['key-1', RETURN_PATH]],
    submits: 1,
  },
  {
    name: 'in-page action failed at the bank: confirm still asked, the bank message shown',
    setup: {
      api: (api) => api.answer('submit', IN_PAGE).answer('confirm', IN_PAGE),
      handleAction: async () => ({ error: 'You cancelled the authentication.' }),
    },
    events: ['submit-started', 'prepared', 'submitted', 'action-failed', 'confirmed'],
    state: { status: 'failed', message: 'You cancelled the authentication.', attemptKept: false },
    attemptKept: false,
    effects: [],
    confirms: [['key-1', RETURN_PATH]],
    submits: 1,
  },
  {
    name: 'in-page action, confirm still pending without a bank message',
    setup: { api: (api) => api.answer('submit', IN_PAGE).answer('confirm', IN_PAGE) },
    events: ['submit-started', 'prepared', 'submitted', 'action-completed', 'confirmed'],
    state: { status: 'failed', message: '', code: BANK_DID_NOT_CONFIRM, attemptKept: false },
    attemptKept: false,
    effects: [],
    confirms: [['key-1', RETURN_PATH]],
    submits: 1,
  },
  {
    name: 'network error keeps the key',
    setup: { api: (api) => api.fail('submit', NETWORK) },
    events: ['submit-started', 'prepared', 'request-failed'],
    state: { status: 'failed', message: API_MESSAGES.payment.unreachable, code: 'network', attemptKept: true },
    attemptKept: true,
    effects: [],
    confirms: [],
    submits: 1,
  },
  {
    name: '500 keeps the key',
    setup: { api: (api) => api.fail('submit', SERVER) },
    events: ['submit-started', 'prepared', 'request-failed'],
    state: { status: 'failed', message: 'Something went wrong on our side.', code: 'internal_error', attemptKept: true },
    attemptKept: true,
    effects: [],
    confirms: [],
    submits: 1,
  },
  {
    name: '400 ends the attempt',
    setup: { api: (api) => api.fail('submit', REFUSED) },
    events: ['submit-started', 'prepared', 'request-failed'],
    state: { status: 'failed', message: 'This card has expired.', code: 'card_expired', attemptKept: false },
    attemptKept: false,
    effects: [],
    confirms: [],
    submits: 1,
  },
  {
    name: '409 attempt_in_progress keeps the key',
    setup: { api: (api) => api.fail('submit', IN_PROGRESS) },
    events: ['submit-started', 'prepared', 'request-failed'],
    state: { status: 'failed', message: IN_PROGRESS.message, code: 'attempt_in_progress', attemptKept: true },
    attemptKept: true,
    effects: [],
    confirms: [],
    submits: 1,
  },
  {
    name: 'a lost confirm keeps the key',
    setup: { api: (api) => api.answer('submit', IN_PAGE).fail('confirm', NETWORK) },
    events: ['submit-started', 'prepared', 'submitted', 'action-completed', 'request-failed'],
    state: { status: 'failed', message: API_MESSAGES.payment.unreachable, code: 'network', attemptKept: true },
    attemptKept: true,
    effects: [],
    confirms: [['key-1', RETURN_PATH]],
    submits: 1,
  },
  {
    name: "429 at submit: the server's message, asked once (never retried), the attempt ended (nothing was charged)",
    setup: { api: (api) => api.fail('submit', TOO_MANY) },
    events: ['submit-started', 'prepared', 'request-failed'],
    state: { status: 'failed', message: TOO_MANY.message, code: 'too_many_requests', attemptKept: false },
    attemptKept: false,
    effects: [],
    confirms: [],
    submits: 1,
  },
  {
    name: '429 at confirm keeps the key (the bank may have taken the payment), asked once',
    setup: { api: (api) => api.answer('submit', IN_PAGE).fail('confirm', TOO_MANY) },
    events: ['submit-started', 'prepared', 'submitted', 'action-completed', 'request-failed'],
    state: { status: 'failed', message: TOO_MANY.message, code: 'too_many_requests', attemptKept: true },
    attemptKept: true,
    effects: [],
    confirms: [['key-1', RETURN_PATH]],
    submits: 1,
  },
  {
    name: 'something other than an ApiError keeps the key, with a readable message',
    setup: { api: (api) => api.fail('submit', new TypeError('x is undefined')) },
    events: ['submit-started', 'prepared', 'request-failed'],
    state: { status: 'failed', message: API_MESSAGES.payment.fallback, code: 'unexpected', attemptKept: true },
    attemptKept: true,
    effects: [],
    confirms: [],
    submits: 1,
  },
  {
    name: 'prepare failure sends nothing',
    setup: { prepare: async () => ({ error: 'Your card number is incomplete.' }) },
    events: ['submit-started', 'prepare-failed'],
    state: { status: 'failed', message: 'Your card number is incomplete.', attemptKept: true },
    attemptKept: true,
    effects: [],
    confirms: [],
    submits: 0,
  },
  {
    name: 'a method that throws while preparing sends nothing',
    setup: {
      prepare: async () => {
        throw new Error('Stripe.js not loaded');
      },
    },
    events: ['submit-started', 'prepare-failed'],
    state: { status: 'failed', message: '', code: PREPARE_FAILED, attemptKept: true },
    attemptKept: true,
    effects: [],
    confirms: [],
    submits: 0,
  },
];

describe('runPayment', () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    const { api, memory, effects, events, deps, dispatch } = setup(scenario.setup);
    const end = await runPayment(deps, dispatch);

    expect(events.map((event) => event.type)).toEqual(scenario.events);
    expect(end).toEqual(scenario.state);
    // The dispatched events take the view's reducer to the same state.
    expect(events.reduce(paymentReducer, INITIAL_PAYMENT_STATE)).toEqual(end);
    expect(memory.peek() !== null).toBe(scenario.attemptKept);
    expect(memory.log.finished).toBe(scenario.attemptKept ? 0 : 1);
    expect(effects).toEqual(scenario.effects);
    expect(api.callsOf('confirm')).toEqual(scenario.confirms);
    expect(api.callsOf('submit')).toHaveLength(scenario.submits);
    if (scenario.submits)
      expect(api.callsOf('submit')[0]![0]).toMatchObject({ idempotencyKey: 'key-1', payment: SANDBOX_CARD, returnPath: RETURN_PATH });
  });

  it('hands the in-page action to the method', async () => {
    const { actions, deps, dispatch } = setup({ api: (api) => api.answer('submit', IN_PAGE).answer('confirm', SUCCEEDED) });
    await runPayment(deps, dispatch);
    expect(actions).toEqual([IN_PAGE_ACTION]);
  });

  it('finishes the attempt before going to the success page', async () => {
    const { memory, deps, dispatch } = setup({ api: (api) => api.answer('submit', SUCCEEDED) });
    let keptWhenNavigating: unknown = 'not navigated';
    deps.navigate = () => {
      keptWhenNavigating = memory.peek();
    };
    await runPayment(deps, dispatch);
    expect(keptWhenNavigating).toBeNull();
  });

  it.each<[string, (api: FakeApiClient) => void]>([
    ['network error', (api) => api.fail('submit', NETWORK)],
    ['500', (api) => api.fail('submit', SERVER)],
    ['409 attempt_in_progress', (api) => api.fail('submit', IN_PROGRESS)],
  ])('a retry after a %s is the same attempt: same key, so it cannot charge twice', async (_name, firstAnswer) => {
    const { api, deps, dispatch } = setup({ api: (fake) => firstAnswer(fake) });
    const failed = await runPayment(deps, dispatch);
    api.answer('submit', SUCCEEDED);
    const retried = await runPayment(deps, dispatch, failed);
    expect(retried.status).toBe('succeeded');
    expect(api.callsOf('submit').map(([request]) => request.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it.each<[string, (api: FakeApiClient) => void]>([
    ['decline', (api) => api.answer('submit', DECLINED)],
    ['400', (api) => api.fail('submit', REFUSED)],
  ])('the submit after a %s is a new attempt with a new key', async (_name, firstAnswer) => {
    const { api, deps, dispatch } = setup({ api: (fake) => firstAnswer(fake) });
    const failed = await runPayment(deps, dispatch);
    api.answer('submit', SUCCEEDED);
    await runPayment(deps, dispatch, failed);
    expect(api.callsOf('submit').map(([request]) => request.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('hands the method the attempt, so a retry of the attempt can send what it made for it, and a new attempt a new one', async () => {
    const keys: string[] = [];
    const { api, deps, dispatch } = setup({
      api: (fake) => fake.fail('submit', NETWORK).answer('submit', DECLINED).answer('submit', SUCCEEDED),
      prepare: async (attempt) => {
        keys.push(attempt.key());
        return { payment: { kind: 'stripe-payment-method', paymentMethodId: `pm_for_${attempt.key().replace(/-/g, '_')}` } };
      },
    });
    const lost = await runPayment(deps, dispatch);
    const declined = await runPayment(deps, dispatch, lost);
    await runPayment(deps, dispatch, declined);
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
    expect(api.callsOf('submit').map(([request]) => request.payment)).toEqual([
      { kind: 'stripe-payment-method', paymentMethodId: 'pm_for_key_1' },
      { kind: 'stripe-payment-method', paymentMethodId: 'pm_for_key_1' },
      { kind: 'stripe-payment-method', paymentMethodId: 'pm_for_key_2' },
    ]);
  });

  it.each<[string, PaymentState]>([
    ['preparing', { status: 'preparing' }],
    ['submitting', { status: 'submitting' }],
    ['confirming', { status: 'confirming', bankError: null }],
    ['redirecting', { status: 'redirecting', url: '/bank' }],
    ['succeeded', { status: 'succeeded', successPath: SUCCESS_PATH }],
  ])('does nothing from %s', async (_name, from) => {
    const { api, memory, events, deps, dispatch } = setup();
    expect(await runPayment(deps, dispatch, from)).toBe(from);
    expect(events).toEqual([]);
    expect(api.calls).toEqual([]);
    expect(memory.peek()).toBeNull();
  });
});

describe('createPaymentDriver', () => {
  it('ignores a double submit: one payment, one submit', async () => {
    const { api, events, deps } = setup();
    const pending = api.defer('submit');
    const driver = createPaymentDriver((event) => events.push(event));
    const first = driver.run(deps);
    const second = driver.run(deps); // the second click, before the view re-rendered
    expect(driver.state.status).toBe('preparing');
    expect(await second).toEqual({ status: 'preparing' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(driver.state.status).toBe('submitting');
    expect(await driver.run(deps)).toEqual({ status: 'submitting' }); // a click while submitting
    pending.resolve(SUCCEEDED);
    expect(await first).toEqual({ status: 'succeeded', successPath: SUCCESS_PATH });
    expect(api.callsOf('submit')).toHaveLength(1);
    expect(events.map((event) => event.type)).toEqual(['submit-started', 'prepared', 'submitted']);
    expect(driver.state).toEqual({ status: 'succeeded', successPath: SUCCESS_PATH });
  });

  it('lets the visitor retry after a failure, and resets a page restored while redirecting', async () => {
    const { api, events, deps } = setup({ api: (fake) => fake.fail('submit', NETWORK).answer('submit', REDIRECT) });
    const driver = createPaymentDriver((event) => events.push(event));
    expect((await driver.run(deps)).status).toBe('failed');
    expect((await driver.run(deps)).status).toBe('redirecting');
    driver.reset();
    expect(driver.state).toEqual(INITIAL_PAYMENT_STATE);
    expect(events.at(-1)).toEqual({ type: 'reset' });
    expect(api.callsOf('submit')).toHaveLength(2);
  });

  it('does not reset while a call is under way', () => {
    const events: PaymentEvent[] = [];
    const driver = createPaymentDriver((event) => events.push(event), { status: 'submitting' });
    driver.reset();
    expect(driver.state).toEqual({ status: 'submitting' });
    expect(events).toEqual([]);
  });
});

describe('runPayment with a kept attempt that no longer fits', () => {
  const STALE = new ApiError({
    status: 422,
    code: 'idempotency_key_reused',
    message: 'This payment attempt was started with another card. Nothing was charged; please try again.',
  });

  it('pays as a new attempt when the server refuses the kept one (another card after an outage), once', async () => {
    const { api, memory, deps, dispatch, effects } = setup({
      api: (queue) => queue.fail('submit', STALE).answer('submit', IN_PAGE).answer('confirm', SUCCEEDED),
    });
    memory.attempt.key();
    const end = await runPayment(deps, dispatch);
    expect(end).toEqual({ status: 'succeeded', successPath: SUCCESS_PATH });
    const keys = api.callsOf('submit').map(([request]) => request.idempotencyKey);
    expect(keys).toEqual(['key-1', 'key-2']);
    // The bank's answer is asked for under the key that paid.
    expect(api.callsOf('confirm').map(([key]) => key)).toEqual(['key-2']);
    expect(effects).toEqual([`navigate ${SUCCESS_PATH}`]);
  });

  it('shows the refusal if the new attempt is refused too, and tries no further', async () => {
    const { api, deps, dispatch } = setup({ api: (queue) => queue.fail('submit', STALE).fail('submit', STALE) });
    const end = await runPayment(deps, dispatch);
    expect(end).toMatchObject({ status: 'failed', message: STALE.message });
    expect(api.callsOf('submit')).toHaveLength(2);
  });
});
