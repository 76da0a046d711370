import { describe, expect, it } from 'vitest';
import { dateTimeText } from '@/lib/account/accountWords';
import { fallbackWords, wordsFor } from '@/lib/i18n/words';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';
import { dateTimeWords } from './withdrawalWords';

const words = (locale: string, timeZone?: string) => {
  const page = { ...pageWordsFixture(locale), ...(timeZone ? { timeZone } : {}) };
  return wordsFor(page.locale, page.messages, page.money, page.timeZone);
};

describe('dateTimeWords', () => {
  it('writes English exactly as the pages did before, in UTC', () => {
    for (const instant of ['2026-11-27T09:14:00.000Z', '2026-12-31T23:59:00.000Z', '2026-07-04T00:05:00.000Z']) {
      expect(dateTimeWords(fallbackWords(), instant)).toBe(dateTimeText(instant));
    }
    expect(dateTimeWords(fallbackWords(), '2026-11-27T09:14:00.000Z')).toBe('November 27, 2026 at 09:14 UTC');
  });

  it('writes German and French on the reader’s clock, naming its zone', () => {
    expect(dateTimeWords(words('de-DE', 'Europe/Berlin'), '2026-11-27T09:14:00.000Z')).toBe('27. November 2026 um 10:14 Uhr (MEZ)');
    expect(dateTimeWords(words('fr-FR', 'Europe/Paris'), '2026-07-04T09:14:00.000Z')).toBe('4 juillet 2026 à 11:14 (UTC+2)');
    expect(dateTimeWords(words('de-DE'), '2026-11-27T09:14:00.000Z')).toBe('27. November 2026 um 09:14 Uhr (UTC)');
  });
});
