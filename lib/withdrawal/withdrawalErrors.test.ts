import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@/lib/api/apiErrors';
import { fallbackWords, wordsFor } from '@/lib/i18n/words';
import { UNDO_MESSAGES } from '@/lib/server/duplicates/undoPurchase';
import { CROSS_SITE_MESSAGE } from '@/lib/server/http/sameOrigin';
import { LIFT_HINT } from '@/lib/server/limits/liftHint';
import { LINK_MESSAGES } from '@/lib/server/withdrawal/withdrawalLinks';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { withdrawalErrorText } from './withdrawalErrors';
import { INELIGIBLE_MESSAGES } from './withdrawalPolicy';

const english = fallbackWords();
const page = pageWordsFixture('de-DE');
const german = wordsFor(page.locale, page.messages, page.money);

describe('withdrawalErrorText', () => {
  it('words each code as the server words it in English', () => {
    expect(withdrawalErrorText(english, 'account', 'withdrawal_too_late')).toBe(INELIGIBLE_MESSAGES.too_late);
    expect(withdrawalErrorText(english, 'account', 'withdrawal_outside_eu_uk')).toBe(INELIGIBLE_MESSAGES.outside_eu_uk);
    expect(withdrawalErrorText(english, 'answer', 'withdrawal_ended')).toBe(INELIGIBLE_MESSAGES.ended);
    for (const reason of ['invalid', 'expired', 'used'] as const) {
      expect(withdrawalErrorText(english, 'answer', `withdrawal_link_${reason}`)).toBe(LINK_MESSAGES[reason]);
    }
    expect(withdrawalErrorText(english, 'undo', 'undo_link_invalid')).toBe(UNDO_MESSAGES.invalid);
    expect(withdrawalErrorText(english, 'undo', 'undo_link_expired')).toBe(UNDO_MESSAGES.expired);
    expect(withdrawalErrorText(english, 'declaration', 'cross_site_request')).toBe(CROSS_SITE_MESSAGE);
    expect(withdrawalErrorText(english, 'declaration', 'too_many_requests', false)).toMatch(new RegExp(`your account\\. ${LIFT_HINT}$`));
    expect(withdrawalErrorText(english, 'declaration', 'too_many_requests', true)).toMatch(/your account\.$/);
  });

  it('says no answer and an unknown answer in the call’s own words, as the API client did', () => {
    expect(withdrawalErrorText(english, 'declaration', 'network')).toBe(API_MESSAGES.withdrawalDeclaration.unreachable);
    expect(withdrawalErrorText(english, 'declaration', 'unknown')).toBe(API_MESSAGES.withdrawalDeclaration.fallback);
    expect(withdrawalErrorText(english, 'account', 'network')).toBe(API_MESSAGES.withdrawal.unreachable);
    expect(withdrawalErrorText(english, 'account', 'payload_too_large')).toBe(API_MESSAGES.withdrawal.fallback);
    expect(withdrawalErrorText(english, 'answer', 'network')).toBe(API_MESSAGES.withdrawalAnswer.unreachable);
    expect(withdrawalErrorText(english, 'answer', 'unknown')).toBe(API_MESSAGES.withdrawalAnswer.fallback);
    expect(withdrawalErrorText(english, 'undo', 'network')).toBe(API_MESSAGES.undoPurchase.unreachable);
    expect(withdrawalErrorText(english, 'undo', 'unknown')).toBe(API_MESSAGES.undoPurchase.fallback);
  });

  it('never falls to another call’s codes, nor to a prototype’s keys', () => {
    expect(withdrawalErrorText(english, 'declaration', 'undo_link_used')).toBe(API_MESSAGES.withdrawalDeclaration.fallback);
    expect(withdrawalErrorText(english, 'undo', 'constructor')).toBe(API_MESSAGES.undoPurchase.fallback);
  });

  it('speaks the reader’s language', () => {
    expect(withdrawalErrorText(german, 'account', 'withdrawal_too_late')).toBe(
      'Die 14-tägige Widerrufsfrist für diesen Kauf ist abgelaufen. Sie können das Abonnement aber kündigen, damit es sich nicht verlängert.',
    );
    expect(withdrawalErrorText(german, 'answer', 'withdrawal_link_expired')).toContain('innerhalb von 3 Tagen');
    expect(withdrawalErrorText(german, 'undo', 'network')).toBe(
      'Wir konnten unseren Server nicht erreichen. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
  });
});
