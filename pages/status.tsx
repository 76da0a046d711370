import type { GetServerSideProps } from 'next';

/**
 * A minimal server-rendered page: a liveness check for load balancers, and the baseline
 * that `npm run bench` compares the offer page against.
 */
interface StatusProps {
  renderedAt: string;
}

export const getServerSideProps: GetServerSideProps<StatusProps> = async () => ({
  props: { renderedAt: new Date().toISOString() },
});

export default function StatusPage({ renderedAt }: StatusProps) {
  return (
    <main id="main">
      <h1>OK</h1>
      <p>Rendered at {renderedAt}</p>
    </main>
  );
}
