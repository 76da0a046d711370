import { describe, expect, it } from 'vitest';
import { fallbackWords } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { LIVEMODE_COOKIE, parseJourneyMode, parseLivemode, parseSource, type QueryValue } from './query';

describe('parseLivemode', () => {
  it.each<[QueryValue, string | undefined, boolean]>([
    // Live unless the query or the cookie says false.
    [undefined, undefined, true],
    ['true', undefined, true],
    ['TRUE', undefined, true],
    ['false', undefined, false],
    ['False', undefined, false],
    ['FALSE', undefined, false],
    [['false'], undefined, false],
    [['true'], undefined, true],
    [[], undefined, true],
    [undefined, 'false', false],
    [undefined, 'FALSE', false],
    [undefined, 'true', true],
    // The cookie is not typed by the visitor: an odd value is live, not an error.
    [undefined, 'no', true],
    [undefined, '', true],
    [undefined, '0', true],
    // Either source saying false is enough.
    ['true', 'false', false],
    ['false', 'true', false],
    ['false', 'false', false],
  ])('query %j, cookie %j → livemode %s', (query, cookie, expected) => {
    expect(parseLivemode(query, cookie)).toEqual({ ok: true, value: expected });
  });

  it.each<[QueryValue]>([[''], ['0'], ['1'], ['no'], ['off'], [' false'], ['false '], ['fals'], ['falsey'], ['null'], [['yes']]])(
    'rejects query value %j',
    (query) => {
      const result = parseLivemode(query, undefined);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/livemode/);
    },
  );

  it.each<[QueryValue]>([[['false', 'false']], [['true', 'false']], [['false', 'true', 'false']]])(
    'rejects the repeated parameter %j',
    (query) => {
      expect(parseLivemode(query, undefined)).toEqual({
        ok: false,
        message: 'The "livemode" parameter appears more than once.',
        reason: { id: 'errors.refusal.repeated', values: { parameter: 'livemode' } },
      });
    },
  );

  it('reports a bad query value even when the cookie says test mode', () => {
    expect(parseLivemode('maybe', 'false').ok).toBe(false);
  });
});

describe('parseSource', () => {
  it.each<[QueryValue, string | null]>([
    [undefined, null],
    ['', null],
    ['   ', null],
    ['\t\n', null],
    [[], null],
    [['spring-sale'], 'spring-sale'],
    ['spring-sale', 'spring-sale'],
    ['  spring-sale  ', 'spring-sale'],
    ['newsletter_2024', 'newsletter_2024'],
    ['a.b:c~d+e-f/g|h_i', 'a.b:c~d+e-f/g|h_i'],
    ['Spring Sale 2024', 'Spring Sale 2024'],
    ['x'.repeat(200), 'x'.repeat(200)],
    [` ${'x'.repeat(200)} `, 'x'.repeat(200)],
  ])('%j → %j', (query, expected) => {
    expect(parseSource(query)).toEqual({ ok: true, value: expected });
  });

  it.each<[QueryValue, RegExp]>([
    ['x'.repeat(201), /longer than 200 characters/],
    ['<script>alert(1)</script>', /may hold only/],
    ['a&b', /may hold only/],
    ['a{b}', /may hold only/],
    ['a"b', /may hold only/],
    ["a'b", /may hold only/],
    ['a;b', /may hold only/],
    ['a%20b', /may hold only/],
    ['a\tb', /may hold only/],
    ['a\nb', /may hold only/],
    ['café', /may hold only/],
    ['ｓｐｒｉｎｇ', /may hold only/],
    ['a\u200bb', /may hold only/],
    ['😀', /may hold only/],
    [['a', 'b'], /appears more than once/],
    [['a', 'a'], /appears more than once/],
  ])('rejects %j', (query, message) => {
    const result = parseSource(query);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(message);
      expect(result.message).toMatch(/source/);
    }
  });
});

describe('parseJourneyMode', () => {
  it.each<[Record<string, QueryValue>, Record<string, string | undefined>, { livemode: boolean; source: string | null }]>([
    [{}, {}, { livemode: true, source: null }],
    [{ livemode: 'false' }, {}, { livemode: false, source: null }],
    [{}, { [LIVEMODE_COOKIE]: 'false' }, { livemode: false, source: null }],
    [{}, { livemode: 'false' }, { livemode: true, source: null }],
    [{ mt_livemode: 'false' }, {}, { livemode: true, source: null }],
    [{ source: ' email ' }, {}, { livemode: true, source: 'email' }],
    // Free text from a URL, formula-like included: the report's CSV writes it as text.
    [{ source: '=1+1' }, {}, { livemode: true, source: '=1+1' }],
    [{ source: 'partner@site' }, {}, { livemode: true, source: 'partner@site' }],
    [{ livemode: 'true', source: 'social' }, { mt_livemode: 'false' }, { livemode: false, source: 'social' }],
    [{ other: ['a', 'b'] }, {}, { livemode: true, source: null }],
  ])('query %j, cookies %j → %j', (query, cookies, expected) => {
    expect(parseJourneyMode(query, cookies)).toEqual({ ok: true, value: expected });
  });

  it('uses the mt_livemode cookie', () => {
    expect(LIVEMODE_COOKIE).toBe('mt_livemode');
  });

  it.each<[Record<string, QueryValue>, RegExp]>([
    [{ livemode: 'nope' }, /livemode/],
    [{ livemode: ['false', 'false'] }, /livemode.*more than once/],
    [{ source: ['a', 'b'] }, /source.*more than once/],
    [{ source: 'a&b' }, /source/],
    [{ livemode: 'x', source: 'a&b' }, /livemode/],
  ])('rejects %j', (query, message) => {
    const result = parseJourneyMode(query, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('a refusal worded on a page', () => {
  it.each<[Record<string, QueryValue>]>([
    [{ livemode: 'nope' }],
    [{ livemode: ['false', 'false'] }],
    [{ source: ['a', 'b'] }],
    [{ source: 'a&b' }],
    [{ source: 's'.repeat(201) }],
  ])('%j: in English, as the API says it', (query) => {
    const result = parseJourneyMode(query, {});
    if (result.ok) throw new Error('refused expected');
    expect(fallbackWords().say(result.reason)).toBe(result.message);
  });

  it('in German and French', () => {
    const result = parseJourneyMode({ source: ['a', 'b'] }, {});
    if (result.ok) throw new Error('refused expected');
    expect(serverWords('de-DE').say(result.reason)).toBe('Der Parameter „source“ kommt mehr als einmal vor.');
    expect(serverWords('fr-FR').say(result.reason)).toBe('Le paramètre «\u00a0source\u00a0» apparaît plus d’une fois.');
  });
});
