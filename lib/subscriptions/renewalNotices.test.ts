import { describe, expect, it } from 'vitest';
import { NOTICE_BOOK, nextNotice, noticeKey, noticeRulesFor, refuseByDay, type NoticeState } from './renewalNotices';

const DAY = 24 * 3600_000;
const END = '2027-11-26T10:00:00.000Z';
const before = (days: number) => new Date(Date.parse(END) - days * DAY).toISOString();

/** A year's term at its price, bought a year before END, with nothing sent and nothing else due. */
const yearly: NoticeState = {
  currentPeriodStart: before(365),
  currentPeriodEnd: END,
  introductoryUntil: null,
  createdAt: before(365),
  sent: new Set(),
  billingInterval: 'year',
  renewalAmount: 5000,
  catalogueRenewalAmount: 5000,
  pendingPrice: null,
  clock: before(200),
  needsCard: false,
};
/** A month's term, bought three months before END. */
const monthly: NoticeState = { ...yearly, currentPeriodStart: before(31), createdAt: before(92), billingInterval: 'month' };

const FRANCE = noticeRulesFor(NOTICE_BOOK, 'FR');
const US = noticeRulesFor(NOTICE_BOOK, 'US');

describe('noticeRulesFor', () => {
  it("gives France L215-1's reminder alone, and the US its own notices", () => {
    expect(FRANCE.tacitRenewal).toBeDefined();
    expect(FRANCE).not.toHaveProperty('termRenewal');
    expect(FRANCE).not.toHaveProperty('yearlyReminder');
    expect(US.termRenewal).toBeDefined();
    expect(US).not.toHaveProperty('tacitRenewal');
  });

  it('gives a country not named, or none known, the US rules every subscription followed before', () => {
    for (const country of ['DE', 'GB', 'CA', null, '__proto__', 'constructor']) expect(noticeRulesFor(NOTICE_BOOK, country)).toEqual(US);
  });

  it('shares the price-change notice and the card request between markets', () => {
    expect(FRANCE.priceChange).toEqual(US.priceChange);
    expect(FRANCE.cardNeeded).toEqual(US.cardNeeded);
  });

  it('refuses a book whose default market is missing', () => {
    expect(() => noticeRulesFor({ ...NOTICE_BOOK, defaultMarket: 'XX' }, 'DE')).toThrow(/default market XX/);
  });
});

describe('a French subscription (Code de la consommation L215-1)', () => {
  it('gets its reminder of a yearly term between 90 and 30 days before it ends, with the last day to refuse it', () => {
    const notice = nextNotice(FRANCE, yearly)!;
    expect(notice).toEqual({ kind: 'renewal', about: END, at: before(45), refuseBy: '2027-11-25' });
    const daysBefore = (Date.parse(END) - Date.parse(notice.at)) / DAY;
    expect(daysBefore).toBeGreaterThanOrEqual(30);
    expect(daysBefore).toBeLessThanOrEqual(90);
  });

  it('gets the one reminder for a promotional first year too, on its own window (no US introductory notice)', () => {
    expect(nextNotice(FRANCE, { ...yearly, introductoryUntil: END })).toEqual({
      kind: 'renewal',
      about: END,
      at: before(45),
      refuseBy: '2027-11-25',
    });
  });

  it('gets it once per term', () => {
    expect(nextNotice(FRANCE, { ...yearly, sent: new Set([noticeKey('renewal', END)]) })).toBeNull();
  });

  it('gets none on a monthly term: cancellable for its end at any time, too short for a reminder 1 to 3 months before it', () => {
    expect(nextNotice(FRANCE, monthly)).toBeNull();
    // Nor the California yearly reminder the US rules send a monthly one.
    expect(nextNotice(US, monthly)).toMatchObject({ kind: 'yearly-reminder' });
  });

  it('still gets a price change and a card request, which every market shares', () => {
    expect(nextNotice(FRANCE, { ...monthly, catalogueRenewalAmount: 6000 })).toMatchObject({ kind: 'price-change' });
    expect(nextNotice(FRANCE, { ...monthly, needsCard: true, clock: before(20) })).toMatchObject({ kind: 'card-needed' });
  });
});

describe('a US subscription', () => {
  it('keeps its notice 30 days before a yearly term, with no refuse-by date', () => {
    const notice = nextNotice(US, yearly);
    expect(notice).toEqual({ kind: 'renewal', about: END, at: before(30) });
    expect(notice).not.toHaveProperty('refuseBy');
  });

  it('keeps one notice inside both windows for a promotional first year (15 days before)', () => {
    expect(nextNotice(US, { ...yearly, introductoryUntil: END })).toEqual({ kind: 'renewal', about: END, at: before(15) });
  });
});

describe('refuseByDay', () => {
  it('is the day before the day it renews (UTC)', () => {
    expect(refuseByDay('2027-03-01T00:30:00.000Z')).toBe('2027-02-28');
    expect(refuseByDay('2028-03-01T23:59:00.000Z')).toBe('2028-02-29');
  });
});

describe('the shipped notice windows', () => {
  it('keeps each preferred day inside its window, and France inside 1 to 3 months whatever their lengths', () => {
    for (const market of Object.values(NOTICE_BOOK.markets)) {
      for (const window of [market.introductoryEnd, market.termRenewal, market.tacitRenewal]) {
        if (!window) continue;
        expect(window.minDaysBefore).toBeLessThanOrEqual(window.preferredDaysBefore);
        expect(window.preferredDaysBefore).toBeLessThanOrEqual(window.maxDaysBefore);
      }
    }
    // The longest month is 31 days, the shortest three months 89.
    expect(FRANCE.tacitRenewal!.minDaysBefore).toBeGreaterThanOrEqual(31);
    expect(FRANCE.tacitRenewal!.maxDaysBefore).toBeLessThanOrEqual(89);
  });
});
