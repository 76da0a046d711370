import { describe, expect, it } from 'vitest';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import type { AccountHistoryEvent } from './accountView';
import { cardMoveAnnouncement, cardMoveNote, dateTimeWords, historyText, STATUS_TEXT, statusKey } from './accountWords';

const STATUSES = Object.keys(STATUS_TEXT) as SubscriptionStatus[];

/** Every History event, its dates and amounts filled in. */
const EVENTS: AccountHistoryEvent[] = [
  ...(
    [
      'purchased',
      'claimed',
      'renewalFailed',
      'bankRefused',
      'cancelled',
      'resumed',
      'ended',
      'addressChanged',
      'businessChanged',
      'paymentMethodChanged',
      'reminded',
      'withdrawalDeclared',
      'withdrawalObjected',
      'cancelDeclared',
    ] as const
  ).map((kind) => ({ kind })),
  { kind: 'renewed', until: '2027-01-01T10:00:00.000Z' },
  { kind: 'recovered', until: '2027-01-01T10:00:00.000Z' },
  { kind: 'newPrice', amount: 3000, currencyCode: 'EUR', from: '2027-01-01T10:00:00.000Z' },
  { kind: 'clockMoved', days: 30 },
  { kind: 'refunded', amount: 1000, currencyCode: 'EUR' },
];

describe.each(['en-US', 'de-DE', 'fr-FR'])('the account’s words in %s', (locale) => {
  const words = serverWords(locale);
  const statuses = STATUSES.map((status) => words.t(statusKey(status)).toLowerCase());

  it('never say a status word in a History line, so the card says its status once', () => {
    for (const line of EVENTS.map((event) => historyText(words, event))) {
      for (const status of statuses) expect(line.toLowerCase(), `${line} says “${status}”`).not.toContain(status);
    }
  });

  it('never say a status word when a card moves between the running list and the fold', () => {
    // The card and the fold are named as they are labelled; the words around them are the catalogue's own.
    const lines = [
      cardMoveAnnouncement(words, 'ended', 'CARD', 'FOLD'),
      cardMoveAnnouncement(words, 'live', 'CARD', 'FOLD'),
      words.t(cardMoveNote('ended')),
      words.t(cardMoveNote('live')),
    ];
    for (const line of lines) {
      for (const status of statuses) expect(line.toLowerCase(), `${line} says “${status}”`).not.toContain(status);
    }
  });
});

describe('the account’s dates and amounts', () => {
  it('keep the English a subscriber read before, and speak the reader’s language and time zone', () => {
    const renewed: AccountHistoryEvent = { kind: 'newPrice', amount: 3000, currencyCode: 'USD', from: '2027-11-03T10:00:00.000Z' };
    expect(historyText(serverWords('en-US'), renewed)).toBe('New renewal price of $30.00 from November 3, 2027');
    expect(historyText(serverWords('de-DE'), { ...renewed, currencyCode: 'EUR' })).toBe(
      'Neuer Verlängerungspreis von 30,00\u00a0€ ab 3. November 2027',
    );
    expect(historyText(serverWords('en-US'), { kind: 'clockMoved', days: 1 })).toBe('Test clock moved ahead by 1 day');
    expect(dateTimeWords(serverWords('en-US'), '2026-11-21T10:05:00.000Z')).toBe('November 21, 2026 at 10:05 UTC');
  });
});
