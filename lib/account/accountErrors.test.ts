import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { accountErrorText } from './accountErrors';
import { failureCode } from './apiFailure';

describe('accountErrorText', () => {
  const english = fallbackWords();

  it('words a refusal by its code as the server said it in English', () => {
    expect(accountErrorText(english, 'resume', 'sign_in_required')).toBe(
      'Please sign in again: you are not signed in, or your session has ended.',
    );
    expect(accountErrorText(english, 'resume', 'provider_refused_resume', { provider: 'PayPal' })).toMatch(
      /^PayPal would not start this subscription's payments again: it may have been cancelled in your PayPal account\./,
    );
    expect(accountErrorText(english, 'clock', 'nothing_scheduled', { why: 'notice' })).toBe(
      'Nothing is scheduled for this subscription: no notice is due before its next renewal.',
    );
    expect(accountErrorText(english, 'signInLink', 'too_many_requests', { mode: 'test', limits: '/admin/limits' })).toBe(
      'Too many sign-in links were asked for. Please wait 15 minutes and try again. In test mode, an admin or customer care operator can lift this limit on /admin/limits.',
    );
  });

  it('says that the payment provider is down when resuming meets it, in the reader’s language', () => {
    expect(accountErrorText(english, 'resume', 'payment_provider_unavailable')).toBe(
      'The payment provider cannot be reached right now, so nothing was changed. Please try again in a few minutes.',
    );
    expect(accountErrorText(serverWords('de-DE'), 'resume', 'payment_provider_unavailable')).toBe(
      'Der Zahlungsanbieter ist gerade nicht erreichbar, daher wurde nichts geändert. Bitte versuchen Sie es in ein paar Minuten erneut.',
    );
  });

  it('says one generic sentence per call for a code it does not expect, in the reader’s language', () => {
    expect(accountErrorText(english, 'signOut', 'internal_error')).toBe('We could not sign you out. Please try again.');
    expect(accountErrorText(english, 'signOut', null)).toBe('We could not sign you out. Please try again.');
    // A code another call answers with is not this call's.
    expect(accountErrorText(english, 'signOut', 'subscription_not_found')).toBe('We could not sign you out. Please try again.');
    expect(accountErrorText(serverWords('de-DE'), 'clock', 'internal_error')).toBe(
      'Die Uhr konnte nicht vorgestellt werden. Bitte versuchen Sie es erneut.',
    );
    expect(accountErrorText(serverWords('fr-FR'), 'resume', 'network')).toBe(
      'Nous n’avons pas pu joindre notre serveur. Veuillez vérifier votre connexion et réessayer.',
    );
  });

  it('takes the code of our API client’s errors only', () => {
    expect(failureCode(new ApiError({ status: 409, code: 'subscription_ended', message: 'English' }))).toBe('subscription_ended');
    expect(failureCode(new ApiError({ status: 0, message: 'offline' }))).toBe('network');
    expect(failureCode(new Error('boom'))).toBeNull();
  });
});
