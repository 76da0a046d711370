import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { duplicatePurchase } from './duplicatePurchase';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  earlierOfferName: 'Vogue Print',
  livemode: true,
  amountPaid: '$25.00',
  charged: true,
  purchasedOn: 'November 21, 2026',
  undoUrl: 'https://subscribe.example.com/undo-purchase?token=u_123',
  validDays: 14,
};

describe('duplicatePurchase', () => {
  it('says a second subscription was started, and gives the one-click undo with a full refund, in both parts', () => {
    const mail = duplicatePurchase(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('You now have two Vogue subscriptions');
    expect(mail.link).toBe(input.undoUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('You already had a Vogue subscription (Vogue Print).');
      expect(part).toContain('Your purchase of Vogue Digital on November 21, 2026 started a second one');
      expect(part).toContain('undo it with a full refund of $25.00');
      expect(part).toContain('Undo this purchase');
      expect(part).toContain('14 days');
      expect(part).toContain(input.undoUrl);
    }
    expect(hrefs(mail.html)).toEqual([input.undoUrl, input.undoUrl]);
  });

  it('marks a test purchase, and promises no refund where nothing was charged', () => {
    const mail = duplicatePurchase({ ...input, livemode: false, charged: false });
    expect(mail.subject).toBe('[Test] You now have two Vogue subscriptions');
    expect(mail.text).toContain('no real money moved');
    expect(mail.text).toContain('nothing was charged');
    expect(mail.text).not.toContain('refund');
  });

  it('escapes every value in the HTML part', () => {
    const mail = duplicatePurchase({ ...input, offerName: HOSTILE, earlierOfferName: HOSTILE, undoUrl: `${input.undoUrl}&a=<b>` });
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(mail.html).toContain('href="https://subscribe.example.com/undo-purchase?token=u_123&amp;a=&lt;b&gt;"');
  });
});

describe('duplicatePurchase in the buyer’s language', () => {
  const wordedFor = (locale: string, timeZone: string) => {
    const { words, date, money } = mailFormats({ locale, timeZone });
    return duplicatePurchase({ ...input, amountPaid: money(2500, 'EUR'), purchasedOn: date('2026-11-20T23:30:00.000Z') }, words);
  };

  it('tells a German buyer, in German, how to undo the second purchase', () => {
    const mail = wordedFor('de-DE', 'Europe/Berlin');
    expect(mail.subject).toBe('Sie haben jetzt zwei Vogue-Abonnements');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Mit Ihrem Kauf von Vogue Digital am 21. November 2026 haben Sie ein zweites abgeschlossen');
      expect(part).toContain('mit voller Erstattung von 25,00\u00a0€ rückgängig');
      expect(part).toContain('Der Link ist 14 Tage gültig.');
    }
    expect(mail.text).toContain(`Diesen Kauf rückgängig machen:\n${input.undoUrl}`);
  });

  it('tells a French buyer, in French', () => {
    const mail = wordedFor('fr-FR', 'Europe/Paris');
    expect(mail.subject).toBe('Vous avez désormais deux abonnements Vogue');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Votre achat de Vogue Digital le 21 novembre 2026 en a ouvert un second');
    expect(mail.text).toContain('avec un remboursement intégral de 25,00\u00a0€.');
    expect(mail.text).toContain('Le lien est valable 14 jours.');
  });
});
