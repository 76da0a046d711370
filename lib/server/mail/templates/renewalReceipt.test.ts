import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { renewalReceipt, type RenewalReceiptInput } from './renewalReceipt';

const input: RenewalReceiptInput = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  invoiceNumber: 'INV-2026-000124',
  invoiceAttached: true,
  amountPaid: '$50.00',
  period: 'November 26, 2026 – November 26, 2027',
  nextChargeDate: 'November 26, 2027',
  recovered: false,
  accountUrl: 'https://subscribe.example.com/account',
  cancelUrl: 'https://subscribe.example.com/cancel',
};

describe('renewalReceipt', () => {
  it('holds what was paid, for which period, the invoice and the next charge, in both parts', () => {
    const mail = renewalReceipt(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue receipt: Vogue Digital renewed');
    expect(mail.link).toBe(input.accountUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      for (const fact of ['Vogue Digital renewed for another period. This is your receipt.', 'INV-2026-000124', '$50.00']) {
        expect(part).toContain(fact);
      }
      expect(part).toContain('November 26, 2026 – November 26, 2027');
      expect(part).toMatch(/Next charge\s*:?\s*November 26, 2027/);
      expect(part).not.toContain('test renewal');
    }
  });

  it('links the account and the cancel page that needs no sign-in', () => {
    const mail = renewalReceipt(input);
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([input.accountUrl, input.cancelUrl]));
    expect(mail.text).toContain(`Or cancel without signing in, on this page:\n${input.cancelUrl}`);
    expect(mail.text).toContain(input.accountUrl);
  });

  it('says a subscription paid after failed tries is active again', () => {
    const mail = renewalReceipt({ ...input, recovered: true });
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Payment received: your subscription is active again');
      expect(part).toContain('the payment for Vogue Digital went through, and your subscription is active again.');
    }
  });

  it('says a test renewal is one, in the subject and both parts', () => {
    const mail = renewalReceipt({ ...input, livemode: false });
    expect(mail.subject).toBe('[Test] Your Vogue receipt: Vogue Digital renewed');
    for (const part of [mail.text, visibleText(mail.html)]) expect(part).toContain('This was a test renewal: no real payment was taken.');
  });

  it('escapes the brand and every value in the HTML part, and keeps them as they are in the text', () => {
    const brand = { ...VOGUE, name: 'Condé <Nast> & Co' };
    const mail = renewalReceipt({ ...input, brand, offerName: HOSTILE, invoiceNumber: HOSTILE, amountPaid: HOSTILE, period: HOSTILE });
    expect(mail.subject).toBe(`Your Condé <Nast> & Co receipt: ${HOSTILE} renewed`);
    expect(mail.html).not.toMatch(/<script>|<b>|<Nast>/);
    expect(mail.html).toContain('Condé &lt;Nast&gt; &amp; Co');
    expect(visibleText(mail.html)).toContain('your Condé <Nast> & Co subscription renewed');
    expect(mail.text).toContain('your Condé <Nast> & Co subscription renewed');
    expect(visibleText(mail.html).split(HOSTILE).length - 1).toBeGreaterThanOrEqual(4);
  });
});

describe('renewalReceipt in the subscriber’s language', () => {
  it('is a German receipt for a German subscription, its period as Germans write it', () => {
    const de = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const period = de.words.t('mail.receipt.period', {
      start: de.date('2026-11-26T10:00:00.000Z'),
      end: de.date('2027-11-26T10:00:00.000Z'),
    });
    const mail = renewalReceipt(
      { ...input, amountPaid: de.money(5000, 'EUR'), period, nextChargeDate: de.date('2027-11-26T10:00:00.000Z'), livemode: false },
      de.words,
    );
    expect(mail.subject).toBe('[Test] Ihr Beleg von Vogue: Vogue Digital verlängert');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('26. November 2026 – 26. November 2027');
      expect(part).toContain('Dies war eine Testverlängerung: Es wurde keine echte Zahlung eingezogen.');
      expect(part).toContain('50,00\u00a0€');
    }
  });
});
