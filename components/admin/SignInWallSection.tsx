import type { SignInWallFigure } from '@/lib/reports/signInWall';
import { formatCount } from './reportFormat';
import { ListTable } from './ListTable';
import styles from './SchemaDriftList.module.css';
import reportSection from './ReportSection.module.css';

/**
 * The sign-in wall: a pre-auth campaign sends anonymous visitors to sign in before its
 * offer page, so the funnel above starts after the wall. Here are the campaign's visits,
 * who reached the wall, who passed it and who dropped off there.
 */
export function SignInWallSection({
  figures,
  labelOf,
  modeDescription,
}: {
  figures: readonly SignInWallFigure[];
  labelOf: (campaignId: string | null) => string;
  modeDescription: string;
}) {
  return (
    <section className={reportSection.section} aria-labelledby="sign-in-wall-heading">
      <h2 id="sign-in-wall-heading">Sign-in wall</h2>
      <p className={reportSection.intro}>
        Campaigns with pre-authentication ask a visitor to sign in before the offer page, so their funnel above starts after the wall.
        Visits count every session with a page of the campaign; a visitor passed the wall when their session reached the offer page or a
        later step after it ({modeDescription}). One who opens the sign-in link in another browser counts as dropped here and as a new visit
        past it.
      </p>
      {figures.length === 0 ? (
        <p className={styles.clean}>No visitor met a sign-in wall in this period.</p>
      ) : (
        <ListTable
          label="Sign-in wall by campaign"
          caption={`Sign-in wall: ${formatCount(figures.length)} campaigns`}
          columns={[
            'Campaign',
            { label: 'Visits', number: true },
            { label: 'At the wall', number: true },
            { label: 'Passed', number: true },
            { label: 'Dropped off', number: true },
            { label: 'Drop-off', number: true },
          ]}
        >
          {figures.map((figure) => (
            <tr key={figure.campaignId ?? ''} data-testid={`sign-in-wall-${figure.campaignId ?? 'none'}`}>
              <th scope="row">
                {labelOf(figure.campaignId)}
                {figure.preAuth ? ' (pre-auth)' : ''}
              </th>
              <td className={styles.number}>{formatCount(figure.visits)}</td>
              <td className={styles.number}>{formatCount(figure.atWall)}</td>
              <td className={styles.number}>{formatCount(figure.passed)}</td>
              <td className={styles.number}>{formatCount(figure.dropped)}</td>
              <td className={styles.number}>{figure.dropOff.label}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
