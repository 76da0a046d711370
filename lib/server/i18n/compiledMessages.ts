import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';
import type { Language } from '@/lib/i18n/locales';
import { NAMESPACES, type Namespace, type PageWords } from '@/lib/i18n/namespaces';
import { CATALOGUES } from './catalogues';

const compiled = new Map<string, Messages>();

/**
 * One namespace of a language, compiled to Lingui's runtime form once per process: the
 * browser then only interpolates, without a message parser in its bundle.
 */
function compiledNamespace(language: Language, namespace: Namespace): Messages {
  const key = `${language}/${namespace}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = Object.fromEntries(Object.entries(CATALOGUES[language][namespace]).map(([id, text]) => [id, compileMessageOrThrow(text)]));
    compiled.set(key, messages);
  }
  return messages;
}

/** A whole namespace, or the keys a slice of it keeps. */
function compiledWords(language: Language, words: PageWords): Messages {
  if (typeof words === 'string') return compiledNamespace(language, words);
  return Object.fromEntries(Object.entries(compiledNamespace(language, words.namespace)).filter(([id]) => words.keeps(id)));
}

const merged = new Map<string, Messages>();

/** The compiled messages of `common` and the namespaces (or slices) given, in one language (merged once per set). */
export function compiledMessages(language: Language, words: readonly PageWords[]): Messages {
  const wanted = [...new Set<PageWords>(['common', ...words])];
  const key = `${language}:${wanted.map((part) => (typeof part === 'string' ? part : part.name)).join(',')}`;
  let messages = merged.get(key);
  if (!messages) {
    messages = Object.assign({}, ...wanted.map((part) => compiledWords(language, part))) as Messages;
    merged.set(key, messages);
  }
  return messages;
}

/** Every namespace of a language: e-mails, API errors and the tests' default. */
export function allCompiledMessages(language: Language): Messages {
  return compiledMessages(language, NAMESPACES);
}
