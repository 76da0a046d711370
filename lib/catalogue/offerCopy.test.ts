import { describe, expect, it } from 'vitest';
import { fallbackWords } from '@/lib/i18n/words';
import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { offerNameWithoutTrial, orderStartedSentence, subscriptionActiveSentence, trialStartedSentence } from './offerCopy';

/** The sentence as an English page says it (the test setup's words). */
const english = (message: MessageDescriptor) => fallbackWords().say(message);

const trial = (name: string, trialDays: number | null = 14) => ({ name, trialOffer: true, trialDays });
const paid = (name: string) => ({ name, trialOffer: false, trialDays: null });

describe('offerNameWithoutTrial', () => {
  it.each([
    ['WIRED Free Trial', 'WIRED'],
    ['WIRED free trial', 'WIRED'],
    ['WIRED Trial', 'WIRED'],
    ['WIRED Trial Offer', 'WIRED'],
    ['WIRED Digital (Free Trial)', 'WIRED Digital'],
    ['WIRED Digital [14-day trial]', 'WIRED Digital'],
    ['WIRED – 30-Day Free Trial', 'WIRED'],
    ['WIRED Digital: free 1-month trial', 'WIRED Digital'],
    ['WIRED Digital with a 14-day free trial', 'WIRED Digital'],
    ['Free Trial: WIRED Digital', 'WIRED Digital'],
    ['Try WIRED free', 'WIRED'],
    ['Try WIRED for free', 'WIRED'],
    ['Free Trial', ''],
    ['Trial', ''],
    ['WIRED Digital', 'WIRED Digital'],
    // Words that merely contain "trial" stay.
    ['Industrial Design Weekly', 'Industrial Design Weekly'],
    ['Trials & Tribulations', 'Trials & Tribulations'],
    ['Print + Digital', 'Print + Digital'],
  ])('%j → %j', (name, expected) => {
    expect(offerNameWithoutTrial(name)).toBe(expected);
  });
});

describe('trialStartedSentence', () => {
  it.each([
    [trial('WIRED Free Trial'), undefined, 'Your 14-day free trial of WIRED has started.'],
    [trial('WIRED Free Trial', 30), 'WIRED', 'Your 30-day free trial of WIRED has started.'],
    [trial('WIRED Digital'), undefined, 'Your 14-day free trial of WIRED Digital has started.'],
    [trial('WIRED Digital (Free Trial)', 7), undefined, 'Your 7-day free trial of WIRED Digital has started.'],
    [trial('Free Trial'), undefined, 'Your 14-day free trial has started.'],
    [trial('Free Trial'), 'WIRED', 'Your 14-day free trial of WIRED has started.'],
    [trial('Digital'), 'The New Yorker', 'Your 14-day free trial of The New Yorker Digital has started.'],
    [trial('New Yorker Digital Trial'), 'The New Yorker', 'Your 14-day free trial of New Yorker Digital has started.'],
    [trial('wired free trial'), 'WIRED', 'Your 14-day free trial of wired has started.'],
    [trial('WIRED Free Trial', null), undefined, 'Your free trial of WIRED has started.'],
  ])('%o (brand %j) → %j', (offer, brand, expected) => {
    expect(english(trialStartedSentence(offer, brand))).toBe(expected);
  });

  it('says "free trial" once, whatever the name', () => {
    for (const name of ['WIRED Free Trial', 'Free Trial', 'WIRED (free trial)', 'WIRED with a 14-day free trial', 'Free trial: WIRED']) {
      expect(english(trialStartedSentence(trial(name), 'WIRED')).match(/trial/gi)).toHaveLength(1);
    }
  });
});

describe('subscriptionActiveSentence', () => {
  it.each([
    [paid('Vogue Digital'), undefined, 'Your Vogue Digital subscription is active.'],
    [paid('Vogue Digital'), 'Vogue', 'Your Vogue Digital subscription is active.'],
    [paid('GQ Subscription'), undefined, 'Your GQ subscription is active.'],
    [paid('Subscription'), undefined, 'Your subscription is active.'],
    [paid('Digital'), undefined, 'Your Digital subscription is active.'],
    [paid('Digital'), 'The New Yorker', 'Your subscription to The New Yorker Digital is active.'],
    [paid('Print + Digital'), 'The New Yorker', 'Your subscription to The New Yorker Print + Digital is active.'],
    [paid('The New Yorker Digital'), 'The New Yorker', 'Your subscription to The New Yorker Digital is active.'],
  ])('%o (brand %j) → %j', (offer, brand, expected) => {
    expect(english(subscriptionActiveSentence(offer, brand))).toBe(expected);
  });
});

describe('orderStartedSentence', () => {
  it.each([
    [trial('WIRED Free Trial', 30), 'Your 30-day free trial of WIRED has started.'],
    [paid('Vogue Digital'), 'Your Vogue Digital subscription is active.'],
  ])('%o → %j', (offer, expected) => {
    expect(english(orderStartedSentence(offer))).toBe(expected);
  });
});

describe('the sentences in German and French', () => {
  const german = (message: MessageDescriptor) => serverWords('de-DE').say(message);
  const french = (message: MessageDescriptor) => serverWords('fr-FR').say(message);

  it.each([
    [trial('WIRED Free Trial', 30), 'WIRED', 'Ihre 30-tägige kostenlose Testphase für WIRED hat begonnen.'],
    [trial('Free Trial', null), undefined, 'Ihre kostenlose Testphase hat begonnen.'],
    [paid('Digital'), 'The New Yorker', 'Ihr Abonnement für The New Yorker Digital ist aktiv.'],
    [paid('Subscription'), undefined, 'Ihr Abonnement ist aktiv.'],
  ])('German: %o (brand %j) → %j', (offer, brand, expected) => {
    expect(german(orderStartedSentence(offer, brand))).toBe(expected);
  });

  it.each([
    [trial('WIRED Free Trial', 1), 'WIRED', 'Votre période d’essai gratuite de 1 jour pour WIRED a commencé.'],
    [trial('Vogue Digital (Free Trial)', 14), undefined, 'Votre période d’essai gratuite de 14 jours pour Vogue Digital a commencé.'],
    [trial('Free Trial', null), undefined, 'Votre période d’essai gratuite a commencé.'],
    [paid('Vogue Digital'), 'Vogue', 'Votre abonnement à Vogue Digital est actif.'],
    [paid('Subscription'), undefined, 'Votre abonnement est actif.'],
  ])('French: %o (brand %j) → %j', (offer, brand, expected) => {
    expect(french(orderStartedSentence(offer, brand))).toBe(expected);
  });
});
