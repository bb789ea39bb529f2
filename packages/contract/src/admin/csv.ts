import type { ColumnSpec, Row } from './players';

/** The most rows one export carries; a narrower filter exports the rest. */
export const CSV_MAX_ROWS = 10_000;

/** A spreadsheet would run a text cell that starts like a formula: it is kept as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(column: ColumnSpec, value: Row[string] | undefined): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (column.kind === 'money' && typeof value === 'number') text = value.toFixed(2);
  else if (column.kind === 'state' && typeof value === 'number')
    text = column.states?.[value] ?? String(value);
  else text = typeof value === 'string' ? value : JSON.stringify(value);
  if (column.kind !== 'money' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Rows as CSV under the columns' Chinese titles, with a BOM so that spreadsheet programs read
 * UTF-8. The server's exports and the console's (of lists the server has no export for) alike.
 */
export function toCsv(columns: readonly ColumnSpec[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => cell({ key: c.key, title: c.title }, c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c, row[c.key])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
