// CSV as the admin exports write it (the browser's member and payment exports, the server's audit
// log): RFC 4180 (every field quoted when it holds a comma, quote, CR or LF; quotes doubled; CRLF
// between records), and text cells that a spreadsheet would read as a formula (starting with
// = + - @, tab or CR) neutralised with a leading apostrophe.

export type Cell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (header: string[], rows: Cell[][]) =>
  `${[header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
