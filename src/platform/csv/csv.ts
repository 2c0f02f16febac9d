import { stringify } from 'csv-stringify/sync';

/**
 * CSV per RFC 4180 through csv-stringify (node-csv): fields with a comma, a double quote, CR or
 * LF are quoted, quotes doubled; records end with CRLF. A text cell that a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or CR) is prefixed with an apostrophe
 * (OWASP's CSV injection advice); numbers, and text that is a plain number like '-5.00', are
 * written as they are.
 */
export type CsvCell = string | number | boolean | null;

const guardFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text);

const OPTIONS = {
  record_delimiter: 'windows',
  // A bare CR or LF inside a field is quoted too, not only the CRLF delimiter.
  quoted_match: /[\r\n]/,
  cast: { string: guardFormula, boolean: (value: boolean) => String(value) },
} as const;

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header, ...rows] as CsvCell[][], OPTIONS);
}

/** One field as it appears in a record. */
export const csvField = (value: CsvCell): string => stringify([[value]], OPTIONS).slice(0, -2);
