import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import Router from 'next/router';
import { DYNAMIC_LOAD_DELAY_MS } from '../ui/loaderTypes';

const loadLoader = () => import('../ui/Loader');
// Not part of every page's first load: fetched when a navigation starts, and shown only after a delay.
const Loader = dynamic(() => loadLoader().then((module) => module.Loader), { ssr: false, loading: () => null });

/** Shows the general-processing loader while the next page loads, after the usual delay. */
export function RouteChangeLoader() {
  const [loading, setLoading] = useState(false);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const start = () => {
      void loadLoader();
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
  return loading && visible ? <Loader type="general-processing" label="Loading the next step…" /> : null;
}
