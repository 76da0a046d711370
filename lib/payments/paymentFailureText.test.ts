import { describe, expect, it } from 'vitest';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { paymentFailureText } from './paymentFailureText';
import { BANK_DID_NOT_CONFIRM } from './paymentMachine';
import { PREPARE_FAILED } from './runPayment';

describe('paymentFailureText', () => {
  const english = serverWords('en-US');
  const german = serverWords('de-DE');
  const french = serverWords('fr-FR');

  it("keeps the words the server or the provider's script gave, which are the page's language already", () => {
    expect(paymentFailureText(german, { message: 'Ihre Karte wurde abgelehnt.', code: 'card_declined' })).toBe(
      'Ihre Karte wurde abgelehnt.',
    );
    expect(paymentFailureText(german, { message: 'Ihre Kartennummer ist unvollständig.' })).toBe('Ihre Kartennummer ist unvollständig.');
  });

  it('words what only the browser knows in the reader’s language, not the API client’s English', () => {
    const lost = { message: 'We could not reach our server. Please check your connection and try again.', code: 'network' };
    expect(paymentFailureText(english, lost)).toBe(
      'We could not reach our server. Please check your connection and try again: your payment will not be taken twice.',
    );
    expect(paymentFailureText(german, lost)).toBe(
      'Wir konnten unseren Server nicht erreichen. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut: Ihre Zahlung wird nicht doppelt abgebucht.',
    );
    expect(paymentFailureText(french, { message: '', code: BANK_DID_NOT_CONFIRM })).toBe(
      'Votre banque n’a pas confirmé ce paiement. Veuillez réessayer.',
    );
    expect(paymentFailureText(german, { message: '', code: PREPARE_FAILED })).toBe(
      'Wir konnten Ihre Karte nicht prüfen. Es wurde nichts berechnet. Bitte versuchen Sie es erneut.',
    );
  });

  it("words the server's answers that no route words: a crash, an answer without JSON, a busy database", () => {
    for (const code of ['internal_error', 'unknown', 'unexpected'])
      expect(paymentFailureText(german, { message: 'Something went wrong on our side.', code })).toBe(
        'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut: Ihre Zahlung wird nicht doppelt abgebucht.',
      );
    expect(paymentFailureText(french, { message: 'The service is busy just now.', code: 'service_unavailable' })).toBe(
      'Le service est très sollicité en ce moment. Réessayez dans quelques secondes\u00a0: votre paiement ne sera pas débité deux fois.',
    );
  });
});
