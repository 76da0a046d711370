import { createContext, useContext, useEffect } from 'react';

/**
 * Page titles without `next/head`, whose head manager would add about 1 kB gzip to the first
 * load of every journey page for one element. On the server, `_document` collects the title
 * of the page being rendered through this context and writes it into the head; in the browser,
 * the title is set after each client-side navigation.
 */
export const TitleCollector = createContext<((title: string) => void) | null>(null);

export function DocumentTitle({ title }: { title: string }) {
  const collect = useContext(TitleCollector);
  // Server render only (effects do not run there); the last title rendered wins, like next/head.
  collect?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
