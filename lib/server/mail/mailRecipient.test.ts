import { describe, expect, it } from 'vitest';
import { dateTimeText } from '@/lib/account/accountWords';
import { formatMoney } from '@/lib/pricing/money';
import { ENGLISH_RECIPIENT, mailFormats } from './mailRecipient';

describe('mailFormats', () => {
  it('writes an English recipient’s dates and amounts exactly as the mails always did', () => {
    const english = mailFormats(ENGLISH_RECIPIENT);
    expect(english.date('2026-12-26T23:30:00.000Z')).toBe('December 26, 2026');
    expect(english.dateTime('2026-12-26T10:00:00.000Z')).toBe(dateTimeText('2026-12-26T10:00:00.000Z'));
    for (const currency of ['USD', 'EUR', 'GBP'] as const) expect(english.money(123450, currency)).toBe(formatMoney(123450, currency));
  });

  it('puts an instant on the recipient’s own calendar, and leaves a calendar day as it is', () => {
    const berlin = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(berlin.date('2026-12-26T23:30:00.000Z')).toBe('27. Dezember 2026');
    expect(berlin.date('2026-11-25')).toBe('25. November 2026');
    const toronto = mailFormats({ locale: 'en-CA', timeZone: 'America/Toronto' });
    expect(toronto.date('2026-12-27T03:00:00.000Z')).toBe('December 26, 2026');
    expect(toronto.date('2026-11-25')).toBe('November 25, 2026');
    expect(toronto.money(15000, 'CAD')).toBe('$150.00');
    expect(toronto.dateTime('2026-12-27T03:00:00.000Z')).toBe('December 26, 2026 at 22:00 EST');
    expect(berlin.dateTime('2026-12-26T10:00:00.000Z')).toBe('26. Dezember 2026 um 11:00 Uhr (MEZ)');
  });
});
