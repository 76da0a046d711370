import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '@/lib/i18n/locales';
import { NAMESPACES } from '@/lib/i18n/namespaces';
import sameAsEnglish from '@/messages/same-as-english.json';
import { CATALOGUES } from './catalogues';

const MESSAGES_DIR = path.join(process.cwd(), 'messages');

/** The placeholders a compiled message reads, choices' own included ("{n, plural, one {# {unit}}}" reads n and unit). */
function placeholders(message: CompiledMessage, found = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    found.add(name);
    if (format && typeof format === 'object') {
      for (const [key, choice] of Object.entries(format))
        if (key !== 'offset' && Array.isArray(choice)) placeholders(choice as CompiledMessage, found);
    }
  }
  return found;
}

/** Nothing to translate: placeholders, spaces and punctuation only. */
const onlyPlaceholders = (text: string) => /^[\s\p{P}\p{S}]*$/u.test(text.replace(/\{[^{}]*\}/g, ''));

describe('the message catalogues', () => {
  it('has a file for every namespace in every language, and no file the server does not know', () => {
    for (const language of LANGUAGES) {
      const files = fs.readdirSync(path.join(MESSAGES_DIR, language)).sort();
      expect(files, language).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it.each(NAMESPACES)('names every key of %s after its namespace', (namespace) => {
    for (const key of Object.keys(CATALOGUES.en[namespace])) expect(key.startsWith(`${namespace}.`), key).toBe(true);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('misses no English message in %s, and adds none', (language) => {
    for (const namespace of NAMESPACES) {
      const english = Object.keys(CATALOGUES.en[namespace]).sort();
      expect(Object.keys(CATALOGUES[language][namespace]).sort(), `${language}/${namespace}.json`).toEqual(english);
    }
  });

  it.each(LANGUAGES)('compiles every %s message, with the placeholders of the English one', (language) => {
    for (const namespace of NAMESPACES) {
      for (const [key, text] of Object.entries(CATALOGUES[language][namespace])) {
        const english = CATALOGUES.en[namespace][key];
        expect(english, `${language} ${key} is not in English`).toBeDefined();
        expect(placeholders(compileMessageOrThrow(text)), `${language} ${key}`).toEqual(placeholders(compileMessageOrThrow(english!)));
      }
    }
  });

  it.each(LANGUAGES)('gives every %s message the numbered tags of the English one, none inside another (<Msg> reads them)', (language) => {
    const tags = (text: string) => [...text.matchAll(/<(\/?)(\d+)>/g)].map((match) => match[0]);
    for (const namespace of NAMESPACES) {
      for (const [key, text] of Object.entries(CATALOGUES[language][namespace])) {
        expect(tags(text).sort(), `${language} ${key}`).toEqual(tags(CATALOGUES.en[namespace][key]!).sort());
        expect(text, `${language} ${key}`).not.toMatch(/<(\d+)>(?:(?!<\/\1>).)*<\d+>/s);
      }
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('translates every %s message, but the allowed ones', (language) => {
    const allowed = new Set<string>(sameAsEnglish[language as 'de' | 'fr']);
    const untranslated = NAMESPACES.flatMap((namespace) =>
      Object.entries(CATALOGUES[language][namespace])
        .filter(([key, text]) => text === CATALOGUES.en[namespace][key] && !onlyPlaceholders(text) && !allowed.has(key))
        .map(([key]) => key),
    );
    expect(untranslated).toEqual([]);
  });

  it('allows only keys that exist and still read as the English', () => {
    for (const language of ['de', 'fr'] as const) {
      for (const key of sameAsEnglish[language]) {
        const namespace = NAMESPACES.find((name) => key.startsWith(`${name}.`));
        expect(namespace && CATALOGUES[language][namespace][key], `${language} ${key}`).toBe(namespace && CATALOGUES.en[namespace][key]);
      }
    }
  });
});
