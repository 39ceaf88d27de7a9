import { useMemo, useState } from 'react';

export interface Column<T> {
  key: keyof T & string;
  label: string;
  /** Numbers align right and sort high to low first. */
  numeric?: boolean;
  format?: (value: T[keyof T]) => string;
}

interface Props<T> {
  caption: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** Shown instead of the table when there are no rows. */
  empty: string;
}

/** A table whose column headers sort it (a button per header, `aria-sort` on the sorted one). */
export function SortableTable<T extends object>({ caption, rows, columns, empty }: Props<T>) {
  const [sort, setSort] = useState<{ key: keyof T & string; dir: 'ascending' | 'descending' } | null>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const f = sort.dir === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = a[sort.key];
      const y = b[sort.key];
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * f;
    });
  }, [rows, sort]);
  if (rows.length === 0) {
    return (
      <section className="ins-table" aria-label={caption}>
        <h3>{caption}</h3>
        <p className="ins-empty">{empty}</p>
      </section>
    );
  }
  return (
    <section className="ins-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort?.key === c.key;
              const next = active ? (sort.dir === 'ascending' ? 'descending' : 'ascending') : c.numeric ? 'descending' : 'ascending';
              return (
                <th key={c.key} scope="col" aria-sort={active ? sort.dir : 'none'} className={c.numeric ? 'ins-num' : undefined}>
                  <button type="button" onClick={() => setSort({ key: c.key, dir: next })}>
                    {c.label}
                    <span aria-hidden="true">{active ? (sort.dir === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? 'ins-num' : undefined}>
                  {c.format ? c.format(row[c.key]) : String(row[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
