import type { ReactNode } from 'react';
import styles from './SchemaDriftList.module.css';

/** A column's heading: its label, or a label and `number`, aligned right as the column's figures are. */
export type ListColumn = string | { label: string; number: true };

interface ListTableProps {
  /** The region's name, which a screen reader lists among the page's regions. */
  label: string;
  /** What the table holds and how many lines, for a screen reader (the section's heading says it to the eye). */
  caption: ReactNode;
  columns: readonly ListColumn[];
  /** The table's rows. */
  children: ReactNode;
}

/**
 * A list of the funnel report as a table, in a region of its own that scrolls sideways on a
 * phone instead of the page.
 */
export function ListTable({ label, caption, columns, children }: ListTableProps) {
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className={styles.number}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
