import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { codeMessage, failureMessage } from './apiFailure';

const MESSAGES = { network: 'account.call.network', subscription_ended: 'cancel.error.subscription_ended' } as const;

describe('failureMessage', () => {
  it('words a failure by its code, never by the server’s sentence', () => {
    const ended = new ApiError({ status: 409, code: 'subscription_ended', message: 'English from the server' });
    expect(failureMessage(ended, MESSAGES, 'cancel.error.fallback')).toEqual({ id: 'cancel.error.subscription_ended' });
    expect(failureMessage(new ApiError({ status: 0, message: 'offline' }), MESSAGES, 'cancel.error.fallback')).toEqual({
      id: 'account.call.network',
    });
  });

  it('gives a code it does not know, an answer without one and any other throw the call’s generic words', () => {
    for (const failure of [
      new ApiError({ status: 409, code: 'toString', message: 'x' }),
      new ApiError({ status: 500, message: 'x' }),
      new Error('boom'),
      'a string',
    ])
      expect(failureMessage(failure, MESSAGES, 'cancel.error.fallback')).toEqual({ id: 'cancel.error.fallback' });
  });

  it('words a code a page was given, and one it does not know with the generic words', () => {
    expect(codeMessage('subscription_ended', MESSAGES, 'cancel.error.fallback')).toEqual({ id: 'cancel.error.subscription_ended' });
    expect(codeMessage('hasOwnProperty', MESSAGES, 'cancel.error.fallback')).toEqual({ id: 'cancel.error.fallback' });
  });
});
