import { describe, expect, it } from 'vitest';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { SERVER_RENEWALS } from '@/lib/server/payments/renewalRegistry';
import { walletFailureWords } from './walletFailureWords';

describe('walletFailureWords', () => {
  const english = serverWords('en-US');
  const wallets = SERVER_RENEWALS.flatMap(({ method, renewal }) => (renewal.pastDue ? [{ method, pastDue: renewal.pastDue }] : []));

  it('words every wallet that declares past-due words, in English exactly as its declaration does', () => {
    expect(wallets.length).toBeGreaterThan(0);
    for (const { method, pastDue } of wallets) expect(walletFailureWords(method, pastDue, english)).toEqual(pastDue);
  });

  it('words them in German and French, keeping whether our dates hold', () => {
    for (const locale of ['de-DE', 'fr-FR']) {
      for (const { method, pastDue } of wallets) {
        const worded = walletFailureWords(method, pastDue, serverWords(locale));
        expect(worded.reason).not.toBe(pastDue.reason);
        expect(worded.fix).not.toBe(pastDue.fix);
        expect(worded.next === null).toBe(pastDue.next === null);
        expect(worded.ourDates).toBe(pastDue.ourDates);
      }
    }
    const paypal = wallets.find(({ method }) => method === 'paypal')!;
    expect(walletFailureWords('paypal', paypal.pastDue, serverWords('de-DE')).reason).toBe('PayPal konnte die Zahlung nicht einziehen.');
  });

  it('keeps the declaration’s words for a wallet the catalogue does not know', () => {
    const declared = { reason: 'R.', next: null, ourDates: true, fix: 'F.', label: 'L' };
    expect(walletFailureWords('new-wallet', declared, serverWords('de-DE'))).toBe(declared);
  });
});
