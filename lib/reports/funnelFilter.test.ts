import { describe, expect, it } from 'vitest';
import { defaultRange, funnelFilterQuery, livemodeFilter, nextDay, parseFunnelFilter } from './funnelFilter';

const now = new Date('2025-03-31T23:30:00.000Z');

describe('parseFunnelFilter', () => {
  it.each<[string, Record<string, string | string[] | undefined>, object]>([
    [
      'no query: the last 30 days, live, all campaigns and variants',
      {},
      { from: '2025-03-02', to: '2025-03-31', campaignId: null, mode: 'live', variant: null, source: null },
    ],
    [
      'empty fields, as a GET form sends them',
      { from: '', to: ' ', campaign: '', mode: '', variant: '', source: ' ' },
      { from: '2025-03-02', to: '2025-03-31', campaignId: null, mode: 'live', variant: null, source: null },
    ],
    ['a given period', { from: '2025-01-01', to: '2025-01-31' }, { from: '2025-01-01', to: '2025-01-31' }],
    ['one day', { from: '2024-02-29', to: '2024-02-29' }, { from: '2024-02-29', to: '2024-02-29' }],
    ['a campaign and a mode', { campaign: 'vogue-demo_single', mode: 'test' }, { campaignId: 'vogue-demo_single', mode: 'test' }],
    ['both modes', { mode: 'all' }, { mode: 'all' }],
    ['a value given once as a list', { mode: ['all'] }, { mode: 'all' }],
    ['a variant', { variant: 'B' }, { variant: 'B' }],
    ['the last variant, with spaces around it', { variant: ' D ' }, { variant: 'D' }],
    ['a source, formula-like as a URL may carry it', { source: '=1+1' }, { source: '=1+1' }],
    ['a campaign code', { source: ' newsletter:2025-03|fr ' }, { source: 'newsletter:2025-03|fr' }],
    ['a period of exactly the longest span', { from: '2024-01-01', to: '2024-12-31' }, { from: '2024-01-01', to: '2024-12-31' }],
  ])('accepts %s', (_name, query, expected) => {
    const result = parseFunnelFilter(query, now);
    expect(result.ok).toBe(true);
    expect(result.ok && result.value).toMatchObject(expected);
  });

  it.each<[Record<string, string | string[]>, string]>([
    [{ from: '2025-3-1' }, 'The "from" date must be a day written as YYYY-MM-DD, such as 2025-03-31.'],
    [{ to: '2025-02-30' }, 'The "to" date must be a day written as YYYY-MM-DD, such as 2025-03-31.'],
    [{ from: 'yesterday' }, 'The "from" date must be a day written as YYYY-MM-DD, such as 2025-03-31.'],
    [{ from: '2025-03-10', to: '2025-03-09' }, 'The "from" date must not be after the "to" date.'],
    [{ from: '2024-01-01', to: '2025-01-01' }, 'The period may span at most 366 days; this one spans 367.'],
    [{ from: ['2025-03-01', '2025-03-02'] }, 'The "from" parameter appears more than once.'],
    [{ campaign: 'vogue demo' }, 'The "campaign" parameter must be a campaign id: 1 to 64 letters, digits, "_" or "-".'],
    [{ campaign: 'x'.repeat(65) }, 'The "campaign" parameter must be a campaign id: 1 to 64 letters, digits, "_" or "-".'],
    [{ mode: 'LIVE' }, 'The "mode" parameter must be "all", "live" or "test".'],
    [{ mode: ['live', 'test'] }, 'The "mode" parameter appears more than once.'],
    [{ variant: 'E' }, 'The "variant" parameter must be a variant letter: A, B, C, D.'],
    [{ variant: 'b' }, 'The "variant" parameter must be a variant letter: A, B, C, D.'],
    [{ variant: 'AB' }, 'The "variant" parameter must be a variant letter: A, B, C, D.'],
    [{ variant: ['A', 'B'] }, 'The "variant" parameter appears more than once.'],
    [{ source: 'a&b' }, 'The "source" parameter may hold only letters, digits and . : ~ + - / | _ = @ (at most 200 characters).'],
    [{ source: 's'.repeat(201) }, 'The "source" parameter may hold only letters, digits and . : ~ + - / | _ = @ (at most 200 characters).'],
  ])('refuses %j', (query, message) => {
    expect(parseFunnelFilter(query, now)).toEqual({ ok: false, message });
  });
});

describe('funnelFilterQuery', () => {
  it.each([
    [{ from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'live', variant: null }, 'from=2025-03-01&to=2025-03-31&mode=live'],
    [
      { from: '2025-03-01', to: '2025-03-01', campaignId: 'vogue-demo_single', mode: 'test', variant: 'C' },
      'from=2025-03-01&to=2025-03-01&campaign=vogue-demo_single&mode=test&variant=C',
    ],
    [{ from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all' }, 'from=2025-03-01&to=2025-03-31&mode=all'],
    [
      { from: '2025-03-01', to: '2025-03-31', campaignId: null, mode: 'all', source: '=1+1' },
      'from=2025-03-01&to=2025-03-31&mode=all&source=%3D1%2B1',
    ],
  ] as const)('writes %j as the query the page reads back', (filter, query) => {
    expect(funnelFilterQuery(filter)).toBe(query);
    const parsed = parseFunnelFilter(Object.fromEntries(new URLSearchParams(query)), now);
    expect(parsed).toEqual({ ok: true, value: { variant: null, source: null, ...filter } });
  });
});

describe('dates', () => {
  it('defaults to 30 days up to today in UTC', () => {
    expect(defaultRange(new Date('2025-01-10T00:00:00.000Z'))).toEqual({ from: '2024-12-12', to: '2025-01-10' });
  });

  it.each([
    ['2025-03-31', '2025-04-01'],
    ['2024-02-28', '2024-02-29'],
    ['2024-12-31', '2025-01-01'],
  ])('the day after %s is %s', (day, next) => {
    expect(nextDay(day)).toBe(next);
  });

  it.each([
    ['all', null],
    ['live', 1],
    ['test', 0],
  ] as const)('mode %s keeps livemode %s', (mode, livemode) => {
    expect(livemodeFilter(mode)).toBe(livemode);
  });
});
