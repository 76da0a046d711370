import { useEffect, useState } from 'react';
import Router from 'next/router';
import type { Loader as LoaderView } from '@/components/ui/Loader';
import { DYNAMIC_LOAD_DELAY_MS } from '@/components/ui/loaderTypes';
import { useWords } from './I18n';

type LoaderComponent = typeof LoaderView;

/**
 * Shows the general-processing loader while the next page loads, after the usual delay.
 * The loader's code is not part of every page's first load: it is fetched when a
 * navigation starts.
 */
export function RouteChangeLoader() {
  const [loading, setLoading] = useState(false);
  const [visible, setVisible] = useState(false);
  const [Loader, setLoader] = useState<LoaderComponent | null>(null);
  const { t } = useWords();
  useEffect(() => {
    const start = () => {
      import('@/components/ui/Loader').then(
        (module) => setLoader(() => module.Loader),
        () => undefined, // without its code the page simply shows no loader
      );
      setLoading(true);
    };
    const stop = () => setLoading(false);
    Router.events.on('routeChangeStart', start);
    Router.events.on('routeChangeComplete', stop);
    Router.events.on('routeChangeError', stop);
    return () => {
      Router.events.off('routeChangeStart', start);
      Router.events.off('routeChangeComplete', stop);
      Router.events.off('routeChangeError', stop);
    };
  }, []);
  useEffect(() => {
    setVisible(false);
    if (!loading) return undefined;
    const timer = setTimeout(() => setVisible(true), DYNAMIC_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading && visible && Loader ? <Loader type="general-processing" label={t('common.loader.nextStep')} /> : null;
}
