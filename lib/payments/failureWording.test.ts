import { describe, expect, it } from 'vitest';
import { pageI18n } from '@/lib/server/i18n/pageI18n';
import { fallbackWords, wordsFor } from '@/lib/i18n/words';
import { failureAtCheckout, failureInMail, failureOfCardChange, failureWhenPastDue } from './failureWording';
import { PAYMENT_FAILURE_CODES } from './paymentErrors';

const english = fallbackWords();
const german = (() => {
  const page = pageI18n('de-DE', ['failures']);
  return wordsFor(page.locale, page.messages, page.money);
})();

describe('the wording of payment failures', () => {
  it('says what happened and what to do at checkout', () => {
    expect(english.t(failureAtCheckout('insufficient_funds'))).toBe('Your card has insufficient funds. Please use a different card.');
    expect(german.t(failureAtCheckout('insufficient_funds'))).toBe(
      'Ihre Karte ist nicht ausreichend gedeckt. Bitte verwenden Sie eine andere Karte.',
    );
  });

  it("says a card change's own words where the checkout's name a payment, and that the card stayed", () => {
    expect(english.t(failureOfCardChange('authentication_failed'))).toBe(
      "Your bank could not confirm this card. Please try again or use a different card. Your subscription's card was not changed.",
    );
    expect(english.t(failureOfCardChange('expired_card'))).toBe(
      "Your card has expired. Please check the expiry date or use a different card. Your subscription's card was not changed.",
    );
  });

  it("gives a renewal e-mail the reason alone, and the bank's wish whatever the code when it holds the payment", () => {
    expect(english.t(failureInMail('incorrect_cvc', 'failed'))).toBe("Your card's security code (CVC) is incorrect.");
    expect(english.t(failureInMail('generic_decline', 'requires_action'))).toBe('Your bank asks you to confirm this payment yourself.');
    expect(german.t(failureInMail('expired_card', 'failed'))).toBe('Ihre Karte ist abgelaufen.');
  });

  it('names the past-due reasons the account knows, and any other as a decline', () => {
    expect(english.t(failureWhenPastDue('payment_method_required'))).toBe('We do not hold a card for this subscription.');
    expect(english.t(failureWhenPastDue('processing_error'))).toBe('Your card was declined.');
    expect(english.t(failureWhenPastDue(null))).toBe('Your card was declined.');
  });

  it('words every code in every context', () => {
    for (const code of PAYMENT_FAILURE_CODES) {
      for (const key of [failureAtCheckout(code), failureOfCardChange(code), failureInMail(code, 'failed'), failureWhenPastDue(code)]) {
        expect(german.t(key), key).not.toBe(key);
      }
    }
  });
});
