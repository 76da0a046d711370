import Link from 'next/link';
import { ErrorView } from '@/components/ui/ErrorView';
import type { BackOfficeHomeProps, BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import { CAMPAIGNS_PATH, CARE_PATH } from '@/lib/operators/operatorPaths';
import { AREA_NAMES, ROLE_NAMES } from '@/lib/operators/roles';
import { BackOfficeFrame } from './BackOfficeFrame';
import { TokensPanel } from './TokensPanel';
import styles from './BackOffice.module.css';

const AREA_LINKS = { reports: '/admin/funnel', campaigns: CAMPAIGNS_PATH, care: CARE_PATH, admin: '/admin/operators' } as const;

/** /admin: what the operator's role opens, and their tokens. */
export function BackOfficeHome(props: BackOfficeHomeProps | BackOfficeRefusal) {
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  const { operator, areas, tokens } = props;
  return (
    <BackOfficeFrame title="Home" operator={operator}>
      <section className={styles.card}>
        <h1>Hello {operator.name}</h1>
        <p>
          You are signed in as {operator.email}, with the role {ROLE_NAMES[operator.role]}. Your session ends after 30 minutes without use.
        </p>
        <h2>What your role opens</h2>
        <ul>
          {areas.map((area) => {
            const href = AREA_LINKS[area];
            return (
              <li key={area}>
                <Link href={href}>{AREA_NAMES[area]}</Link>
              </li>
            );
          })}
        </ul>
      </section>
      <TokensPanel tokens={tokens} areas={areas} />
    </BackOfficeFrame>
  );
}
