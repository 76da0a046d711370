import { describe, expect, it } from 'vitest';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { providerUnavailableMessage } from './providerOutage';

describe('providerUnavailableMessage', () => {
  const english = serverWords('en-US');
  it.each([
    ['card', true, 'Card payments are unavailable right now. Nothing was charged. Try again in a few minutes, or pay with another method.'],
    ['card', false, 'Card payments are unavailable right now. Nothing was charged. Try again in a few minutes.'],
    ['paypal', true, 'PayPal is unavailable right now. Nothing was charged. Try again in a few minutes, or pay with another method.'],
    ['amazon-pay', false, 'Amazon Pay is unavailable right now. Nothing was charged. Try again in a few minutes.'],
  ] as const)('%s (another method: %s) → %j', (method, other, expected) => {
    expect(providerUnavailableMessage(english, method, other)).toBe(expected);
  });

  it("is said in the page's language", () => {
    expect(providerUnavailableMessage(serverWords('de-DE'), 'paypal', true)).toBe(
      'PayPal ist gerade nicht erreichbar. Es wurde nichts berechnet. Versuchen Sie es in ein paar Minuten erneut oder zahlen Sie auf einem anderen Weg.',
    );
    expect(providerUnavailableMessage(serverWords('fr-FR'), 'card', false)).toBe(
      'Les paiements par carte sont indisponibles pour le moment. Rien n’a été débité. Réessayez dans quelques minutes.',
    );
  });
});
