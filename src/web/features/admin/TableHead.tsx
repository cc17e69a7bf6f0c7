/** A column's head: its text, or its text in a column of amounts, which align right. */
export type Column = string | { money: string };

/** A back-office table's caption, read by screen readers only, and its column heads. */
export function TableHead({ caption, columns }: { caption: string; columns: readonly Column[] }) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.money} scope="col" className="admin-table__money">
                {column.money}
              </th>
            ),
          )}
        </tr>
      </thead>
    </>
  );
}
