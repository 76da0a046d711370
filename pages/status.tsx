import type { GetServerSideProps } from 'next';
import { refuseUnlessPageMethod } from '@/lib/server/ssr/pageMethods';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import { errorPageI18n } from '@/lib/server/ssr/errorPage';
import { useWords } from '@/components/shell/I18n';

/**
 * A minimal server-rendered page: a liveness check for load balancers, and the baseline
 * that `npm run bench` compares the offer page against. It names no brand: English.
 */
interface StatusProps {
  renderedAt: string;
  refused: boolean;
  i18n: PageI18n;
}

export const getServerSideProps: GetServerSideProps<StatusProps> = async (context) => ({
  props: { renderedAt: new Date().toISOString(), refused: refuseUnlessPageMethod(context), i18n: errorPageI18n(DEFAULT_LOCALE) },
});

export default function StatusPage({ renderedAt, refused }: StatusProps) {
  const { t } = useWords();
  return (
    <main id="main">
      <h1>{t(refused ? 'errors.notAllowed.title' : 'errors.status.ok')}</h1>
      <p>{refused ? t('errors.refusal.method') : t('errors.status.renderedAt', { time: renderedAt })}</p>
    </main>
  );
}
