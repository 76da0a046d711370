import { describe, expect, it } from 'vitest';
import { fallbackWords } from '@/lib/i18n/words';
import { newSecret } from '@/lib/server/ids';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { QueryValue } from './query';
import { isPreviewLinkPage, isStudioPreviewPage, parsePreviewToken, PREVIEW_LIFETIME_MS, PREVIEW_TOKEN, previewPath } from './preview';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-_01234';

describe('parsePreviewToken', () => {
  it.each<[string, QueryValue, string | null]>([
    ['no parameter', undefined, null],
    ['an empty list (no parameter)', [], null],
    ['one token', TOKEN, TOKEN],
    ['one token given as a list of one', [TOKEN], TOKEN],
  ])('%s → %j', (_case, value, expected) => {
    expect(parsePreviewToken(value)).toEqual({ ok: true, value: expected });
  });

  it('takes every token the server makes (newSecret)', () => {
    const token = newSecret();
    expect(PREVIEW_TOKEN.test(token)).toBe(true);
    expect(parsePreviewToken(token)).toEqual({ ok: true, value: token });
  });

  it.each<[string, QueryValue]>([
    ['empty', ''],
    ['one character short', TOKEN.slice(1)],
    ['one character long', `${TOKEN}a`],
    ['padded base64', `${TOKEN.slice(1)}=`],
    ['standard base64 (+ and /)', `${TOKEN.slice(2)}+/`],
    ['a space inside', `${TOKEN.slice(1, 22)} ${TOKEN.slice(22)}`],
    ['trailing whitespace', `${TOKEN.slice(1)} `],
    ['a list holding a malformed one', ['short']],
  ])('refuses a token that is not one: %s', (_case, value) => {
    expect(parsePreviewToken(value)).toEqual({
      ok: false,
      message: 'The "preview" parameter does not hold a preview link.',
      reason: { id: 'errors.refusal.preview' },
    });
  });

  it.each<[string, string[]]>([
    ['the same token twice', [TOKEN, TOKEN]],
    ['two tokens', [TOKEN, TOKEN.replace('a', 'b')]],
    ['a token and a malformed one', [TOKEN, 'x']],
  ])('refuses the parameter given more than once (%s), naming it', (_case, value) => {
    expect(parsePreviewToken(value)).toEqual({
      ok: false,
      message: 'The "preview" parameter appears more than once.',
      reason: { id: 'errors.refusal.repeated', values: { parameter: 'preview' } },
    });
  });

  it('words its refusals in the page’s language', () => {
    const malformed = parsePreviewToken('x');
    const repeated = parsePreviewToken([TOKEN, TOKEN]);
    if (malformed.ok || repeated.ok) throw new Error('refusals expected');
    expect(fallbackWords().say(malformed.reason)).toBe('The "preview" parameter does not hold a preview link.');
    expect(fallbackWords().say(repeated.reason)).toBe(repeated.message);
    expect(serverWords('de-DE').say(malformed.reason)).toBe('Der Parameter „preview“ enthält keinen Vorschau-Link.');
    expect(serverWords('fr-FR').say(malformed.reason)).toBe('Le paramètre «\u00a0preview\u00a0» ne contient pas de lien d’aperçu.');
  });
});

describe('previewPath', () => {
  it('is the campaign’s first page with the token, which parses back', () => {
    const path = previewPath('vogue', 'winter', TOKEN);
    expect(path).toBe(`/vogue/winter?preview=${TOKEN}`);
    expect(parsePreviewToken(new URL(path, 'http://localhost').searchParams.get('preview')!)).toEqual({ ok: true, value: TOKEN });
    expect(isPreviewLinkPage(path)).toBe(true);
  });

  it('works for a day', () => {
    expect(PREVIEW_LIFETIME_MS).toBe(86_400_000);
  });
});

describe('isPreviewLinkPage', () => {
  it.each<[string, boolean]>([
    [`/vogue/winter?preview=${TOKEN}`, true],
    [`/vogue/winter/cart?livemode=false&preview=${TOKEN}`, true],
    [`/vogue/winter/credit-card?preview=${TOKEN}&source=mail`, true],
    [`/vogue/winter/success?preview=${TOKEN}#top`, true],
    // Only a well-formed token: a malformed one's 400 page is not framed, nor any other page.
    ['/vogue/winter?preview=short', false],
    ['/vogue/winter?preview=', false],
    [`/vogue/winter?preview=${TOKEN}&preview=${TOKEN}`, false],
    [`/account?preview=${TOKEN}`, false],
    [`/account/subscriptions?preview=${TOKEN}`, false],
    ['/vogue/winter', false],
    ['/vogue/winter?livemode=false', false],
    ['/vogue/winter?previewed=1', false],
    ['/vogue/winter?Preview=1', false],
    [`/vogue/winter#preview=${TOKEN}`, false],
    [`/vogue/winter?x=1#&preview=${TOKEN}`, false],
    // The studio's own pages are never framed, whatever their query.
    [`/admin/campaigns/vogue-winter/preview?preview=${TOKEN}`, false],
    [`/admin?preview=${TOKEN}`, false],
  ])('%s → %s', (url, expected) => {
    expect(isPreviewLinkPage(url)).toBe(expected);
  });
});

describe('isStudioPreviewPage', () => {
  it.each<[string, boolean]>([
    ['/admin/campaigns/vogue-winter/preview', true],
    ['/admin/campaigns/vogue-winter/preview/', true],
    ['/admin/campaigns/vogue-winter', false],
    ['/admin/campaigns/vogue-winter/edit', false],
    ['/admin/campaigns/vogue-winter/previews', false],
    ['/admin/campaigns/vogue-winter/preview/more', false],
    ['/admin/campaigns/preview', false],
    ['/admin/campaigns//preview', false],
    ['/vogue/winter/preview', false],
    ['/api/operator/campaigns/vogue-winter/preview', false],
  ])('%s → %s', (path, expected) => {
    expect(isStudioPreviewPage(path)).toBe(expected);
  });
});
