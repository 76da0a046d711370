import { describe, expect, it } from 'vitest';
import { expectMailShape, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { renewalNotice, type RenewalNoticeInput } from './renewalNotice';

const input: RenewalNoticeInput = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  kind: 'renewal',
  previousAmount: null,
  renewsOn: 'November 26, 2026',
  amount: '€50.00 (tax included)',
  paymentMethod: 'Visa ending in 4242',
  introductoryEndsOn: null,
  renewalTerms: 'Renews every year at €50.00 until you cancel.',
  accountUrl: 'https://subscribe.example.com/account',
  cancelUrl: 'https://subscribe.example.com/cancel',
};

describe('renewalNotice', () => {
  it('states the date until which a tacit renewal may be refused (L215-1), in both parts', () => {
    const mail = renewalNotice({ ...input, refuseBy: 'November 25, 2026' });
    expectMailShape(mail);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toMatch(/Refuse the renewal by\s*:?\s*November 25, 2026/);
      expect(part).toContain('you may refuse this renewal until November 25, 2026. Cancel by then and it does not renew');
      expect(part).toContain('Vogue Digital renews automatically on November 26, 2026.');
    }
  });

  it('says nothing of refusing where the law asks for no such date (the US notices)', () => {
    const mail = renewalNotice(input);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).not.toContain('Refuse the renewal by');
      expect(part).toContain('Cancel before November 26, 2026 and nothing more is charged.');
    }
  });
});
