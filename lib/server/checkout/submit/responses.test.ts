import { describe, expect, it } from 'vitest';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { responseFor, settledResponse } from './responses';

describe("the submit's answer to a failed payment", () => {
  it("names the code and says it in the campaign's language", () => {
    const failed = { status: 'failed', paymentId: 'pi_1', code: 'expired_card' } as const;
    expect(responseFor(failed, 'txn_1', '/gq/demo-de/credit-card', serverWords('en-US'))).toEqual({
      status: 'failed',
      transactionId: 'txn_1',
      code: 'expired_card',
      message: 'Your card has expired. Please check the expiry date or use a different card.',
    });
    expect(responseFor(failed, 'txn_1', '/gq/demo-de/credit-card', serverWords('de-DE'))).toMatchObject({
      code: 'expired_card',
      message: 'Ihre Karte ist abgelaufen. Bitte prüfen Sie das Ablaufdatum oder verwenden Sie eine andere Karte.',
    });
  });

  it('says a kept failure without a code as a processing error', () => {
    expect(
      settledResponse({ id: 'txn_2', status: 'failed', failureCode: null }, '/vogue/demo-fr/credit-card', serverWords('fr-FR')),
    ).toEqual({
      status: 'failed',
      transactionId: 'txn_2',
      code: 'processing_error',
      message: 'Nous n’avons pas pu traiter votre carte. Rien n’a été débité. Veuillez réessayer.',
    });
  });
});
