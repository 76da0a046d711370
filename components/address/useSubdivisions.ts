import { useEffect, useState } from 'react';
import type { Region } from '@/lib/geo/regions';
import { loadsLater, loadSubdivisions, subdivisionsOf } from '@/lib/geo/subdivisions';
import type { Language } from '@/lib/i18n/locales';

const RETRY_MS = 3000;

/**
 * The regions of `country` to choose from: at once for the US and Canada and the countries
 * without a list, after its chunk loads for another (null meanwhile; a failed load is tried
 * again every few seconds, the list saying it is loading).
 */
export function useSubdivisions(country: string, language: Language): readonly Region[] | null {
  const [, setLoads] = useState(0);
  // The server has every list (loadAllSubdivisions) but the browser's first render has none of
  // those it loads: rendered as loading on both, so that hydration finds what the server wrote.
  const list = typeof window === 'undefined' && loadsLater(country) ? null : subdivisionsOf(country, language);
  const missing = list === null;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      loadSubdivisions(country).then(
        () => live && setLoads((count) => count + 1),
        () => {
          if (live) timer = setTimeout(load, RETRY_MS);
        },
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [country, missing]);
  return list;
}
