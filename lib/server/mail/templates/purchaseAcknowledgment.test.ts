import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { purchaseAcknowledgment, type PurchaseAcknowledgmentInput } from './purchaseAcknowledgment';

const TERMS =
  'Your subscription renews automatically every month at $4.99 until you cancel.\n' +
  'You can cancel at any time online; cancelling stops future charges.  (Two spaces kept.)';

const input: PurchaseAcknowledgmentInput = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  invoiceNumber: 'INV-2026-000123',
  invoiceAttached: true,
  amountPaid: '$4.99',
  renewalTerms: TERMS,
  nextChargeDate: 'December 21, 2026',
  accountUrl: 'https://subscribe.example.com/account',
  cancelUrl: 'https://subscribe.example.com/cancel',
};

describe('purchaseAcknowledgment', () => {
  it('holds what was bought, paid and when it renews, in both parts', () => {
    const mail = purchaseAcknowledgment(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue subscription: Vogue Digital');
    expect(mail.link).toBe(input.accountUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      for (const fact of ['Vogue Digital', 'INV-2026-000123', '$4.99', 'December 21, 2026', 'Next charge']) expect(part).toContain(fact);
      expect(part).not.toContain('test purchase');
    }
  });

  it('shows the renewal terms word for word', () => {
    const mail = purchaseAcknowledgment(input);
    expect(mail.text).toContain(`YOUR RENEWAL TERMS\n${TERMS}\n`);
    expect(mail.html).toContain(
      'Your subscription renews automatically every month at $4.99 until you cancel.<br>' +
        'You can cancel at any time online; cancelling stops future charges.  (Two spaces kept.)',
    );
  });

  it('says how to cancel: online in the account, or without signing in', () => {
    const mail = purchaseAcknowledgment(input);
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.cancelUrl, input.accountUrl, input.cancelUrl]);
    expect(mail.text).toContain(`You can cancel online, in your account:\n\nGo to your account:\n${input.accountUrl}`);
    expect(mail.text).toContain(`Or cancel without signing in, on this page:\n${input.cancelUrl}`);
    expect(visibleText(mail.html)).toContain('Cancel a subscription');
  });

  it('names the end of a free trial instead of a next charge', () => {
    const mail = purchaseAcknowledgment({ ...input, nextChargeDate: undefined, trialEndsOn: 'January 4, 2027' });
    expect(mail.text).toContain('Free trial ends: January 4, 2027');
    expect(mail.text).not.toContain('Next charge');
  });

  it('says a test purchase is one', () => {
    const mail = purchaseAcknowledgment({ ...input, livemode: false });
    expect(mail.subject).toBe('[Test] Your Vogue subscription: Vogue Digital');
    expect(mail.text).toContain('This was a test purchase: no real payment was taken.');
    expect(visibleText(mail.html)).toContain('This was a test purchase: no real payment was taken.');
  });

  it('escapes every value in the HTML part, the terms included, and keeps them as they are in the text', () => {
    const mail = purchaseAcknowledgment({
      ...input,
      brand: { ...VOGUE, name: HOSTILE },
      offerName: HOSTILE,
      invoiceNumber: HOSTILE,
      amountPaid: HOSTILE,
      renewalTerms: HOSTILE,
      nextChargeDate: HOSTILE,
    });
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(visibleText(mail.html).split(HOSTILE).length - 1).toBeGreaterThanOrEqual(6);
    expect(mail.text.split(HOSTILE).length - 1).toBeGreaterThanOrEqual(6);
  });
});

describe('purchaseAcknowledgment in the buyer’s language', () => {
  it('speaks German to an order bought in German, its html in German too', () => {
    const words = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const mail = purchaseAcknowledgment(
      { ...input, livemode: false, amountPaid: words.money(2500, 'EUR'), nextChargeDate: words.date('2026-12-21T23:30:00.000Z') },
      words.words,
    );
    expect(mail.subject).toBe('[Test] Ihr Vogue-Abonnement: Vogue Digital');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Dies war ein Testkauf: Es wurde keine echte Zahlung eingezogen.');
      for (const fact of ['Gezahlter Betrag', '25,00\u00a0€']) expect(part).toContain(fact);
      // 23:30 UTC is already the next day in Berlin.
      expect(part).toContain('22. Dezember 2026');
      expect(part).toContain('Oder kündigen Sie ohne Anmeldung auf dieser Seite:');
      expect(part).toContain('Abonnement kündigen');
    }
    // The renewal terms are the words agreed to, as they were shown: nothing else is English.
    expect(mail.text.replace(TERMS, '')).not.toMatch(/Your|Thank|How to|Next charge/);
  });

  it('speaks French with its no-break spaces', () => {
    const words = mailFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    const mail = purchaseAcknowledgment(
      { ...input, amountPaid: words.money(2500, 'EUR'), nextChargeDate: words.date('2026-12-21T10:00:00.000Z') },
      words.words,
    );
    expect(mail.subject).toBe('Votre abonnement Vogue\u00a0: Vogue Digital');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Prochain prélèvement\u00a0: 21 décembre 2026');
    expect(mail.text).toContain(`Montant payé\u00a0: ${words.money(2500, 'EUR')}`);
    expect(mail.text).toContain('Vous pouvez résilier en ligne, dans votre compte\u00a0:');
  });
});
