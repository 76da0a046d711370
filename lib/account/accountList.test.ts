import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { arrangeSubscriptions, cardName, endedFoldLabel, isLive, subscriptionLine } from './accountList';

const sub = (id: string, status: SubscriptionStatus) => ({ id, status });
const ids = (list: { id: string }[]) => list.map((subscription) => subscription.id);

describe('isLive', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['past_due', true],
    ['cancelling', true],
    ['ended', false],
  ] as const)('%s: %s', (status, live) => {
    expect(isLive(status)).toBe(live);
  });
});

describe('arrangeSubscriptions', () => {
  it.each([
    ['nothing', [], [], []],
    ['only running ones, in the order given', [sub('a', 'active'), sub('b', 'trialing')], ['a', 'b'], []],
    ['only ended ones', [sub('a', 'ended'), sub('b', 'ended')], [], ['a', 'b']],
    [
      'ended and undone purchases (newest first from the store) after every running one',
      [sub('e1', 'ended'), sub('e2', 'ended'), sub('a', 'active'), sub('p', 'past_due'), sub('c', 'cancelling'), sub('t', 'trialing')],
      ['a', 'p', 'c', 't'],
      ['e1', 'e2'],
    ],
  ])('%s', (_name, given, live, ended) => {
    const arranged = arrangeSubscriptions(given);
    expect(ids(arranged.live)).toEqual(live);
    expect(ids(arranged.ended)).toEqual(ended);
  });
});

const english = fallbackWords();

describe('subscriptionLine', () => {
  it.each([
    [
      'a card',
      { offerName: 'Vogue Digital', startedOn: '2026-11-03T10:00:00.000Z', paymentMethod: 'Visa ending in 4242' },
      'Vogue Digital · since November 3, 2026 · Visa ending in 4242',
    ],
    [
      'the same plan, bought another day with a wallet',
      { offerName: 'Vogue Digital', startedOn: '2026-11-21T10:00:00.000Z', paymentMethod: 'PayPal' },
      'Vogue Digital · since November 21, 2026 · PayPal',
    ],
  ])('%s', (_name, subscription, line) => {
    expect(subscriptionLine(english, subscription).join(' · ')).toBe(line);
  });
});

describe('endedFoldLabel', () => {
  it('counts what it folds', () => {
    expect(endedFoldLabel(english, 1)).toBe('Ended subscriptions (1)');
    expect(endedFoldLabel(english, 3)).toBe('Ended subscriptions (3)');
    expect(endedFoldLabel(serverWords('de-DE'), 2)).toBe('Beendete Abonnements (2)');
  });
});

describe('cardName', () => {
  it('names the card with when it started, which tells two of the same plan apart', () => {
    const card = { brandName: 'Vogue', offerName: 'Vogue Digital', startedOn: '2026-11-01T10:00:00.000Z' };
    expect(cardName(english, card)).toBe('Vogue: Vogue Digital, since November 1, 2026');
    expect(cardName(serverWords('de-DE'), card)).toBe('Vogue: Vogue Digital, seit 1. November 2026');
    expect(cardName(serverWords('fr-FR'), card)).toBe('Vogue\u00a0: Vogue Digital, depuis le 1 novembre 2026');
  });
});
