/**
 * CSV as spreadsheets read it (RFC 4180), safe to open: a cell that a spreadsheet would take for
 * a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with `'`, so it
 * shows as text and never runs (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, ended by CRLF. */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
