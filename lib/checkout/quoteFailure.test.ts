import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@/lib/api/apiErrors';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { quoteFailureText } from './quoteFailure';

describe('quoteFailureText', () => {
  it("says the API client's own messages in English exactly as it does", () => {
    const english = fallbackWords();
    expect(quoteFailureText(english, { code: 'network', message: API_MESSAGES.quote.unreachable })).toBe(API_MESSAGES.quote.unreachable);
    expect(quoteFailureText(english, { code: 'unknown', message: API_MESSAGES.quote.fallback })).toBe(API_MESSAGES.quote.fallback);
  });

  it('words them in German, and leaves what the server said as it said it', () => {
    const german = serverWords('de-DE');
    expect(quoteFailureText(german, { code: 'network', message: API_MESSAGES.quote.unreachable })).toBe(
      'Wir konnten unseren Server nicht erreichen, um Ihre Bestellung zu berechnen. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
    expect(quoteFailureText(german, { code: 'campaign_ended', message: 'Dieses Angebot ist beendet.' })).toBe(
      'Dieses Angebot ist beendet.',
    );
    expect(quoteFailureText(german, { message: 'Dieses Angebot ist beendet.' })).toBe('Dieses Angebot ist beendet.');
  });
});
