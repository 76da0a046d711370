import type { AppProps } from 'next/app';
import { ShellProviders } from '@/components/shell/ShellProviders';
import '@/styles/globals.css';

export default function App({ Component, pageProps }: AppProps) {
  return (
    <ShellProviders pageProps={pageProps}>
      <Component {...pageProps} />
    </ShellProviders>
  );
}
