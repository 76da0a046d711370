import { useEffect, useState } from 'react';
import Router from 'next/router';
import { DelayedLoader } from '../ui/Loader';

/** Shows the general-processing loader while the next page loads, after the usual delay. */
export function RouteChangeLoader() {
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const start = () => setLoading(true);
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
  return loading ? <DelayedLoader type="general-processing" label="Loading the next step…" /> : null;
}
