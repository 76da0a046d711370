import type { ReactNode } from 'react';
import reportTable from './ReportTable.module.css';
import styles from './FiguresTable.module.css';

/** A column of a figures table: its heading and what a line shows in it. Numbers align right. */
export interface FiguresColumn<Line> {
  label: string;
  number?: boolean;
  cell: (line: Line) => ReactNode;
}

/** Figure columns under one heading ("Paid": count and amount), so that a screen reader says both. */
export interface FiguresColumnGroup<Line> {
  label: string;
  columns: FiguresColumn<Line>[];
}

interface FiguresTableProps<Line> {
  caption: string;
  /** What the line is (brand, mode, currency, …); the first heads its row. */
  lineColumns: FiguresColumn<Line>[];
  /** The figures: plain columns, or groups of them under a heading each. */
  figures: FiguresColumn<Line>[] | FiguresColumnGroup<Line>[];
  lines: readonly Line[];
  keyOf: (line: Line) => string;
  /** Said instead of the table when it has no line. */
  empty: string;
}

const isGrouped = <Line,>(figures: FiguresColumn<Line>[] | FiguresColumnGroup<Line>[]): figures is FiguresColumnGroup<Line>[] =>
  figures.length > 0 && 'columns' in figures[0]!;

const numberClass = (column: { number?: boolean }) => (column.number ? styles.number : undefined);

/**
 * One table of the report's figures, in its own sideways-scrolling region so that a phone
 * scrolls the table and not the page. With groups, two heading rows: the line's headings
 * span both, each group heads its columns.
 */
export function FiguresTable<Line>({ caption, lineColumns, figures, lines, keyOf, empty }: FiguresTableProps<Line>) {
  if (lines.length === 0) {
    return (
      <p className={styles.none}>
        <strong>{caption}:</strong> {empty}
      </p>
    );
  }
  const grouped = isGrouped(figures);
  const figureColumns = grouped ? figures.flatMap((group) => group.columns) : figures;
  const [rowHeading, ...restOfLine] = lineColumns;
  return (
    <div className={styles.scroll} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={reportTable.caption}>{caption}</caption>
        {grouped && (
          <>
            <colgroup span={lineColumns.length} />
            {figures.map((group) => (
              <colgroup key={group.label} span={group.columns.length} />
            ))}
          </>
        )}
        <thead>
          <tr>
            {lineColumns.map((column) => (
              <th key={column.label} scope="col" rowSpan={grouped ? 2 : undefined}>
                {column.label}
              </th>
            ))}
            {grouped
              ? figures.map((group) => (
                  <th key={group.label} scope="colgroup" colSpan={group.columns.length} className={styles.group}>
                    {group.label}
                  </th>
                ))
              : figureColumns.map((column) => (
                  <th key={column.label} scope="col" className={numberClass(column)}>
                    {column.label}
                  </th>
                ))}
          </tr>
          {grouped && (
            <tr>
              {figureColumns.map((column, index) => (
                <th key={index} scope="col" className={numberClass(column)}>
                  {column.label}
                </th>
              ))}
            </tr>
          )}
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={keyOf(line)}>
              {rowHeading && <th scope="row">{rowHeading.cell(line)}</th>}
              {restOfLine.map((column) => (
                <td key={column.label}>{column.cell(line)}</td>
              ))}
              {figureColumns.map((column, index) => (
                <td key={index} className={numberClass(column)}>
                  {column.cell(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
