import { cloneElement, createContext, Fragment, isValidElement, useContext, useMemo, type ReactNode } from 'react';
import { markupParts } from '@/lib/i18n/markup';
import type { MessageKey, MessageValues } from '@/lib/i18n/messageKey';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import { fallbackWords, wordsFor, type Words } from '@/lib/i18n/words';

const WordsContext = createContext<Words | null>(null);

/** Gives the page's words (its locale, messages and money styles) to everything inside. */
export function I18nProvider({ page, children }: { page: PageI18n | null; children: ReactNode }) {
  // A step's move brings new messages: the words are made again from them.
  const words = useMemo(() => (page ? wordsFor(page.locale, page.messages, page.money, page.timeZone) : null), [page]);
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

/** The words of the page this component is on. */
export function useWords(): Words {
  return useContext(WordsContext) ?? fallbackWords();
}

/**
 * A message with markup inside it: `<Msg id="…" components={{ 0: <a href="…" /> }} />` for
 * "Read the <0>terms</0>". Plain sentences use `useWords().t`.
 */
export function Msg({ id, values, components }: { id: MessageKey; values?: MessageValues; components?: Record<string, ReactNode> }) {
  const { t } = useWords();
  // Lingui's <Trans> would do this too, for 0.9 kB gzip more on every page's first load (issue 38's budget).
  return (
    <>
      {markupParts(t(id, values)).map((part, index) => {
        if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
        const element = components?.[part.tag];
        return isValidElement(element) ? cloneElement(element, { key: index }, part.text) : <Fragment key={index}>{part.text}</Fragment>;
      })}
    </>
  );
}
