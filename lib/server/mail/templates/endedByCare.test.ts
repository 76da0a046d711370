import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { endedByCare } from './endedByCare';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  endedAt: 'November 27, 2026 at 09:14 UTC',
  accountUrl: 'https://subscribe.example.com/account',
};

describe('endedByCare', () => {
  it('says who ended it and when, that it will not renew and access has ended, in both parts', () => {
    const mail = endedByCare(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue subscription has ended');
    for (const part of [mail.text, visibleText(mail.html)]) {
      for (const fact of [
        'customer care team ended Vogue Digital on November 27, 2026 at 09:14 UTC',
        'It will not renew',
        'your access has ended',
      ]) {
        expect(part).toContain(fact);
      }
    }
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('escapes every value in the HTML part', () => {
    const mail = endedByCare({ ...input, offerName: HOSTILE, endedAt: HOSTILE });
    expect(mail.html).not.toMatch(/<script>|<b>/);
  });
});

describe('endedByCare in the subscriber’s language', () => {
  const endedAt = '2026-11-27T09:14:00.000Z';

  it('tells a German subscriber, in German, when care ended it, on their clock', () => {
    const { words, dateTime } = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const mail = endedByCare({ ...input, endedAt: dateTime(endedAt) }, words);
    expect(mail.subject).toBe('Ihr Vogue-Abonnement ist beendet');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain('Unser Kundenservice hat Vogue Digital am 27. November 2026 um 10:14 Uhr (MEZ) beendet.');
  });

  it('tells a French subscriber, in French', () => {
    const { words, dateTime } = mailFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    const mail = endedByCare({ ...input, endedAt: dateTime(endedAt) }, words);
    expect(mail.subject).toBe('Votre abonnement Vogue a pris fin');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Notre service client a mis fin à Vogue Digital le 27 novembre 2026 à 10:14 (UTC+1).');
  });
});
