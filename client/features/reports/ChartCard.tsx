/**
 * A report card: its chart or its table, switched by one button, and its CSV.
 * The table is the same figures for screen readers and for anyone who prefers
 * numbers; the switch says which is showing (aria-pressed).
 */
import { useId, useState, type ReactNode } from 'react';

export interface TableData {
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

export function ChartCard({ title, note, chart, table, csvUrl }: { title: string; note?: string; chart?: ReactNode; table: TableData; csvUrl: string }) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(chart === undefined);
  return (
    <section className="overview-card report-card" aria-labelledby={headingId}>
      <div className="report-card__head">
        <h2 id={headingId} className="overview-card__title">
          {title}
        </h2>
        <div className="report-card__actions">
          {chart !== undefined && (
            <button type="button" className="button button--ghost button--md" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
              {asTable ? 'Show chart' : 'Show table'}
            </button>
          )}
          <a className="button button--secondary button--md" href={csvUrl} download>
            Download CSV<span className="visually-hidden"> of {title}</span>
          </a>
        </div>
      </div>
      {note && <p className="overview-card__note">{note}</p>}
      {asTable || chart === undefined ? (
        <div className="report-table">
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.length === 0 ? (
                <tr>
                  <td colSpan={table.columns.length}>Nothing in this range yet.</td>
                </tr>
              ) : (
                table.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) => (column === 0 ? <th key={column} scope="row">{cell}</th> : <td key={column}>{cell}</td>))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : (
        chart
      )}
    </section>
  );
}
