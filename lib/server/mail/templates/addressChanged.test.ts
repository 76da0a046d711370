import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { addressChanged } from './addressChanged';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Print + Digital',
  livemode: true,
  addressLines: ['Ada Lovelace', '12 Example Street, Apt 4', 'New York, NY 10001', 'United States'],
  accountUrl: 'https://subscribe.example.com/account',
};

describe('addressChanged', () => {
  it('gives the new address line by line, and the account link, in both parts', () => {
    const mail = addressChanged(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue delivery address was changed');
    expect(mail.link).toBe(input.accountUrl);
    expect(mail.text).toContain(`NEW DELIVERY ADDRESS\n${input.addressLines.join('\n')}\n`);
    expect(mail.html).toContain(input.addressLines.join('<br>'));
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('The delivery address of Vogue Print + Digital is now:');
      expect(part).toContain('If you did not make this change');
    }
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('escapes every line in the HTML part', () => {
    const mail = addressChanged({ ...input, addressLines: [HOSTILE, 'x'] });
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s &lt;b&gt;<br>x');
  });
});

describe('addressChanged in the subscriber’s language', () => {
  it('shows a German subscriber, in German, the new address as given', () => {
    const { words } = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const mail = addressChanged({ ...input, addressLines: ['Musterstraße 1', 'Berlin 10115'] }, words);
    expect(mail.subject).toBe('Die Lieferadresse Ihres Vogue-Abonnements wurde geändert');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain('Die Lieferadresse von Vogue Print + Digital lautet jetzt:');
    expect(mail.text).toContain('NEUE LIEFERADRESSE\nMusterstraße 1\nBerlin 10115');
  });

  it('shows a French subscriber, in French', () => {
    const { words } = mailFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    const mail = addressChanged(input, words);
    expect(mail.subject).toBe('L’adresse de livraison de votre abonnement Vogue a été modifiée');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('L’adresse de livraison de Vogue Print + Digital est désormais\u00a0:');
  });
});
