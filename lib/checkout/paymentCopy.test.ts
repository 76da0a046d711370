import { describe, expect, it } from 'vitest';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { firstChargeNote, renewalTaxWording, renewalTerms, submitLabel } from './paymentCopy';

const yearly = { trialOffer: false, trialDays: null, billingInterval: 'year', totalAmount: 5000, discountedAmount: 2500 } as const;
const trial = { trialOffer: true, trialDays: 30, billingInterval: 'year', totalAmount: 2999, discountedAmount: null } as const;
const english = fallbackWords();

describe('submitLabel', () => {
  it.each([
    [yearly, 2500, 'USD', 'Subscribe for $25.00'],
    [yearly, 0, 'USD', 'Subscribe for $0.00'],
    [yearly, null, 'USD', 'Subscribe'],
    [yearly, 1999, 'GBP', 'Subscribe for £19.99'],
    [trial, 0, 'USD', 'Start free trial'],
  ] as const)('%j with total %s %s → %s', (offer, total, currency, expected) => {
    expect(submitLabel(english, offer, total, currency)).toBe(expected);
  });

  it('says what a market’s law has the order button say, for a trial too (data/market-wording.json)', () => {
    const german = serverWords('de-DE');
    expect(submitLabel(german, yearly, 2500, 'EUR')).toBe('Zahlungspflichtig bestellen');
    expect(submitLabel(german, yearly, null, 'EUR')).toBe('Zahlungspflichtig bestellen');
    expect(submitLabel(german, trial, 0, 'EUR')).toBe('Zahlungspflichtig bestellen');
    expect(submitLabel(serverWords('fr-FR'), yearly, 2500, 'EUR')).toBe('S’abonner pour 25,00\u00a0€');
    expect(submitLabel(serverWords('en-CA'), trial, 0, 'CAD')).toBe('Start free trial');
  });
});

describe('renewalTaxWording', () => {
  it('says the tax included where the rate holds it, else added', () => {
    expect(renewalTaxWording({ inclusive: true })).toBe('included');
    expect(renewalTaxWording({ inclusive: false })).toBe('added');
  });
});

describe('firstChargeNote', () => {
  it('gives a trial the date and amount of its first charge', () => {
    expect(firstChargeNote(english, trial, 0, 'USD', '2026-11-22', 'added')).toBe(
      'Nothing is charged today. Your free trial ends on December 22, 2026; your card is then charged $29.99 plus any applicable tax, unless you cancel before.',
    );
  });

  it('says why a free order still asks for a card', () => {
    expect(firstChargeNote(english, yearly, 0, 'USD', '2026-11-22', 'added')).toBe(
      'Nothing is charged today. We ask for your card so that your subscription can renew on November 22, 2027 at $50.00 plus any applicable tax, unless you cancel before.',
    );
  });

  it('says nothing more when today is charged', () => {
    expect(firstChargeNote(english, yearly, 2500, 'USD', '2026-11-22', 'added')).toBeNull();
  });

  it('says a German trial’s first charge in German, VAT included', () => {
    expect(firstChargeNote(serverWords('de-DE'), { ...trial, trialDays: 14 }, 500, 'EUR', '2026-11-22', 'included')).toBe(
      'Heute zahlen Sie 5,00\u00a0€ (inkl. MwSt.) für Ihre Extras. Ihr kostenloser Test endet am 6. Dezember 2026; danach wird Ihre Karte mit 29,99\u00a0€ (inkl. MwSt.) belastet, sofern Sie nicht vorher kündigen.',
    );
  });
});

describe('renewalTerms', () => {
  it("states the renewal price against today's discounted price, and each add-on", () => {
    const terms = renewalTerms(english, yearly, ['The New Yorker Tote'], 5000, 'USD', '2026-11-22', 'added');
    expect(terms.plan).toBe(
      'Today you pay $50.00. Your subscription then renews automatically on November 22, 2027 and every year after that at $50.00 plus any applicable tax, charged to this payment method, until you cancel. You can cancel at any time from your account or by contacting customer care; cancelling stops the next renewal and you keep access until the end of the period you paid for.',
    );
    expect(terms.addOns).toEqual(['The New Yorker Tote is charged once, today, and does not renew.']);
  });

  it('starts a trial from nothing today', () => {
    expect(renewalTerms(english, trial, [], 0, 'USD', '2026-11-22', 'added').plan).toMatch(
      /^Your free trial costs nothing today\. Your subscription then starts on December 22, 2026 and renews automatically every year after that at \$29\.99 plus any applicable tax,/,
    );
  });

  it('says VAT is included where the price holds it, today’s price too (UK)', () => {
    expect(
      renewalTerms(serverWords('en-GB'), { ...yearly, billingInterval: 'month' }, [], 2500, 'GBP', '2026-11-22', 'included').plan,
    ).toMatch(
      /^Today you pay £25\.00 including VAT\. Your subscription then renews automatically on 22 December 2026 and every month after that at £50\.00 including VAT,/,
    );
  });

  it('speaks German with German dates, euros and VAT', () => {
    const terms = renewalTerms(serverWords('de-DE'), yearly, ['GQ Tasche'], 2500, 'EUR', '2026-11-22', 'included');
    expect(terms.plan).toBe(
      'Heute zahlen Sie 25,00\u00a0€ (inkl. MwSt.). Ihr Abonnement verlängert sich dann automatisch am 22. November 2027 und danach jedes Jahr zu 50,00\u00a0€ (inkl. MwSt.), belastet über diese Zahlungsart, bis Sie kündigen. Sie können jederzeit in Ihrem Konto oder über unseren Kundenservice kündigen; die Kündigung beendet die nächste Verlängerung, und Sie behalten den Zugang bis zum Ende des bezahlten Zeitraums.',
    );
    expect(terms.addOns).toEqual(['GQ Tasche wird einmalig heute berechnet und verlängert sich nicht.']);
  });

  it('speaks French, and Canadian English with the tax added', () => {
    expect(renewalTerms(serverWords('fr-FR'), trial, [], 0, 'EUR', '2026-11-22', 'included').plan).toMatch(
      /^Votre essai gratuit ne vous coûte rien aujourd’hui\. Votre abonnement commence ensuite le 22 décembre 2026 puis se renouvelle automatiquement chaque année au prix de 29,99\u00a0€ TVA incluse,/,
    );
    expect(renewalTerms(serverWords('en-CA'), yearly, [], 2500, 'CAD', '2026-11-22', 'added').plan).toMatch(
      /^Today you pay \$25\.00\. Your subscription then renews automatically on November 22, 2027 and every year after that at \$50\.00 plus any applicable tax,/,
    );
  });
});
