import { describe, expect, it } from 'vitest';
import { offerNameWithoutTrial, orderStartedSentence, subscriptionActiveSentence, trialStartedSentence } from './offerCopy';

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
    expect(trialStartedSentence(offer, brand)).toBe(expected);
  });

  it('says "free trial" once, whatever the name', () => {
    for (const name of ['WIRED Free Trial', 'Free Trial', 'WIRED (free trial)', 'WIRED with a 14-day free trial', 'Free trial: WIRED']) {
      expect(trialStartedSentence(trial(name), 'WIRED').match(/trial/gi)).toHaveLength(1);
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
    expect(subscriptionActiveSentence(offer, brand)).toBe(expected);
  });
});

describe('orderStartedSentence', () => {
  it.each([
    [trial('WIRED Free Trial', 30), 'Your 30-day free trial of WIRED has started.'],
    [paid('Vogue Digital'), 'Your Vogue Digital subscription is active.'],
  ])('%o → %j', (offer, expected) => {
    expect(orderStartedSentence(offer)).toBe(expected);
  });
});
