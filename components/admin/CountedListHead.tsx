import styles from './SchemaDriftList.module.css';

/**
 * The head row of an admin list whose rows end in how often they were seen (blocked
 * content, schema drift): the given columns, then "Times", aligned as a number.
 */
export function CountedListHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        <th scope="col" className={styles.number}>
          Times
        </th>
      </tr>
    </thead>
  );
}
