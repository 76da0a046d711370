import { describe, expect, it } from 'vitest';
import { inTimeZone, wordsFor } from './words';

describe('words.date', () => {
  const late = '2026-12-31T23:30:00Z';

  it('writes a date in the locale and the reader’s time zone', () => {
    expect(wordsFor('de-DE', {}, null, 'Europe/Berlin').date(late)).toBe('1. Januar 2027');
    expect(wordsFor('en-US', {}, null).date(late)).toBe('December 31, 2026');
    expect(wordsFor('fr-FR', {}, null, 'Europe/Paris').date(late, { dateStyle: 'short', timeStyle: 'short' })).toBe('01/01/2027 00:30');
  });

  it('moves the same words to another reader’s time zone', () => {
    const words = inTimeZone(wordsFor('en-US', {}, null), 'America/New_York');
    expect(words.timeZone).toBe('America/New_York');
    expect(words.date(late)).toBe('December 31, 2026');
    expect(words.date(late, { timeStyle: 'short' })).toBe('6:30 PM');
  });
});
