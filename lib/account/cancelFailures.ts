import { SERVER_FAILURES, SIGNED_IN_FAILURES, type FailureMessages } from './apiFailure';

/** POST /api/cancel: the public cancel page's declaration (§ 312k BGB). */
export const DECLARATION_FAILURES: FailureMessages = { ...SERVER_FAILURES, invalid_body: 'cancel.declare.error.invalid_body' };

/** POST /api/account/subscriptions/{id}/cancel: a signed-in subscriber's cancellation. */
export const CANCEL_FAILURES: FailureMessages = {
  ...SIGNED_IN_FAILURES,
  subscription_ended: 'cancel.error.subscription_ended',
  invalid_body: 'cancel.error.invalid_body',
};

/** POST /api/cancel/keep, and the keep page that reads its link first: why a "Keep my subscription" link is refused. */
export const KEEP_FAILURES: FailureMessages = {
  ...SERVER_FAILURES,
  keep_link_invalid: 'cancel.keep.error.keep_link_invalid',
  keep_link_expired: 'cancel.keep.error.keep_link_expired',
  keep_link_used: 'cancel.keep.error.keep_link_used',
  subscription_ended: 'cancel.keep.error.subscription_ended',
  provider_refused_resume: 'cancel.keep.error.provider_refused_resume',
};
