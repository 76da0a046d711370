import type { MessageKey } from '@/lib/i18n/messageKey';
import { amountWithTax } from '@/lib/i18n/priceOverTime';
import type { Words } from '@/lib/i18n/words';
import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import type { AccountHistoryEvent, SubscriptionFacts } from './accountView';

/** A subscription's status as the account says it, in the reader's language (`account.status.*`). */
export const statusKey = (status: SubscriptionStatus): MessageKey => `account.status.${status}`;

/** A subscription's status in English, as the back office says it. */
export const STATUS_TEXT: Record<SubscriptionStatus, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment due',
  cancelling: 'Cancelled',
  ended: 'Ended',
};

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "December 26, 2026 at 10:00 UTC": when access ends, to the minute (a confirmation names date and time). */
export const dateTimeText = (instant: string): string => `${DATE.format(new Date(instant))} at ${TIME.format(new Date(instant))} UTC`;

/**
 * What happened to a subscription, as its History list in the account says it: never in a
 * status word, which the card says once (accountWords.test.ts). Dates and amounts in the
 * reader's locale and time zone.
 */
export function historyText(words: Words, event: AccountHistoryEvent): string {
  const { t } = words;
  switch (event.kind) {
    case 'renewed':
    case 'recovered':
      return t(`account.history.${event.kind}`, { until: words.date(event.until) });
    case 'newPrice':
      return t('account.history.newPrice', { price: words.money(event.amount, event.currencyCode), from: words.date(event.from) });
    case 'clockMoved':
      return t('account.history.clockMoved', { days: event.days });
    case 'refunded':
      return t('account.history.refunded', { amount: words.money(event.amount, event.currencyCode) });
    default:
      return t(`account.history.${event.kind}`);
  }
}

/** Where a card went when its subscription stopped (`ended`) or started running again (`live`) while the page was open. */
export type CardMoveTo = 'ended' | 'live';

/**
 * What a screen reader is told at once of a card that moved, naming it and where it is now;
 * never a status word of its own, which the card says once (accountWords.test.ts).
 */
export const cardMoveAnnouncement = (words: Words, to: CardMoveTo, card: string, fold: string): string =>
  to === 'ended' ? words.t('account.move.announced.ended', { card, fold }) : words.t('account.move.announced.live', { card });

/** What stays on a card in its new place after it moved. */
export const cardMoveNote = (to: CardMoveTo): MessageKey => `account.move.shown.${to}`;

/** "December 26, 2026 at 10:00 UTC", "26. Dezember 2026 um 11:00 MEZ": an instant to the minute, in the reader's time zone, named. */
export const dateTimeWords = (words: Words, instant: string): string =>
  words.t('account.dateTime', {
    date: words.date(instant),
    time: words.date(instant, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }),
  });

/** A renewal's date and amount, with its tax as its market says it ("50,00 € (inkl. MwSt.)"), in the reader's words. */
export function nextChargeWords(words: Words, next: NonNullable<SubscriptionFacts['nextCharge']>): { date: string; amount: string } {
  return {
    date: words.date(next.at),
    amount: amountWithTax(words, next.amount, next.currencyCode, next.tax),
  };
}
