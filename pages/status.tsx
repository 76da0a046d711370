import type { GetServerSideProps } from 'next';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from '@/lib/server/ssr/pageMethods';

/**
 * A minimal server-rendered page: a liveness check for load balancers, and the baseline
 * that `npm run bench` compares the offer page against.
 */
interface StatusProps {
  renderedAt: string;
  refused: boolean;
}

export const getServerSideProps: GetServerSideProps<StatusProps> = async (context) => ({
  props: { renderedAt: new Date().toISOString(), refused: refuseUnlessPageMethod(context) },
});

export default function StatusPage({ renderedAt, refused }: StatusProps) {
  return (
    <main id="main">
      <h1>{refused ? 'Not allowed' : 'OK'}</h1>
      <p>{refused ? METHOD_NOT_ALLOWED_MESSAGE : `Rendered at ${renderedAt}`}</p>
    </main>
  );
}
