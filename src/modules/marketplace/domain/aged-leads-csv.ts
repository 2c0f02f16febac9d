import { csvRecords } from '../../../platform/csv/csv-records.js';

/** The most rows one aged-lead CSV import may hold. */
export const MAX_IMPORT_ROWS = 10_000;

/** The columns of an aged-lead CSV, as intake names the lead's fields. */
export const AGED_CSV_COLUMNS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'state',
  'zip',
  'dateOfBirth',
  'age',
  'tier',
  'consentText',
  'consentAt',
  'externalId',
] as const;
export const REQUIRED_CSV_COLUMNS = ['firstName', 'lastName', 'phone', 'state', 'zip', 'tier', 'consentText', 'consentAt'] as const;

type Column = (typeof AGED_CSV_COLUMNS)[number];

/** One data row: its spreadsheet row number (the header is row 1) and the lead as intake takes it. */
export type CsvLeadRow = { readonly row: number; readonly lead: Record<string, unknown> };
export type CsvRowError = { readonly row: number; readonly field: string; readonly message: string };

export type ParsedCsv =
  | { readonly ok: true; readonly rows: readonly CsvLeadRow[]; readonly errors: readonly CsvRowError[] }
  | {
      readonly ok: false;
      readonly problem: 'empty' | 'unreadable' | 'too-many-rows' | 'missing-columns';
      readonly message: string;
      readonly missing?: readonly string[];
    };

/** "First Name", "first_name" and "firstName" all name firstName. */
const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const COLUMN_BY_KEY = new Map<string, Column>(AGED_CSV_COLUMNS.map((column) => [key(column), column]));

/** A lead's field path (as intake's validation names it) as the CSV column an admin can fix. */
export const csvColumnOf = (field: string): string =>
  field === 'consent' || field === 'consent.text' ? 'consentText' : field === 'consent.at' ? 'consentAt' : field;

type FileProblem = Extract<ParsedCsv, { ok: false }>;
type CsvRecord = { record: string[]; info: { lines: number } };

/** The file as a header's columns and its data records, or what makes the whole file unusable. */
async function readCsv(text: string): Promise<{ ok: true; columns: (Column | null)[]; data: CsvRecord[] } | FileProblem> {
  let records: CsvRecord[];
  try {
    records = await csvRecords<CsvRecord>(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    return { ok: false, problem: 'unreadable', message: `The file is not readable CSV: ${error instanceof Error ? error.message : String(error)}` };
  }
  const [header, ...data] = records;
  if (!header || data.length === 0) return { ok: false, problem: 'empty', message: 'The CSV has no leads: a header row and at least one lead row are needed.' };
  if (data.length > MAX_IMPORT_ROWS)
    return {
      ok: false,
      problem: 'too-many-rows',
      message: `The CSV has ${data.length.toLocaleString('en-US')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} can be imported at once. Split it into smaller files.`,
    };
  const columns = header.record.map((name) => COLUMN_BY_KEY.get(key(name)) ?? null);
  const missing = REQUIRED_CSV_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    return {
      ok: false,
      problem: 'missing-columns',
      message: `The CSV has no column ${missing.join(', ')}. The header row names the columns: ${AGED_CSV_COLUMNS.join(', ')}.`,
      missing,
    };
  return { ok: true, columns, data };
}

/** Whether the file as a whole can be imported (readable, the required columns, 1 to 10,000 rows), and how many rows it has. */
export async function countAgedLeadsCsvRows(text: string): Promise<{ readonly ok: true; readonly rows: number } | FileProblem> {
  const read = await readCsv(text);
  return read.ok ? { ok: true, rows: read.data.length } : read;
}

/**
 * Reads an aged-lead CSV (a header row, then one lead a row) into leads for intake's own
 * validation: empty cells of optional fields are absent, age a number when it is one, the
 * source aged_leads. A whole-file problem (unreadable, no rows, too many, missing columns)
 * refuses the file; a row with too many or too few cells is that row's error.
 */
export async function parseAgedLeadsCsv(text: string): Promise<ParsedCsv> {
  const read = await readCsv(text);
  if (!read.ok) return read;
  const { columns, data } = read;
  const rows: CsvLeadRow[] = [];
  const errors: CsvRowError[] = [];
  for (const { record, info } of data) {
    const row = info.lines;
    if (record.length !== columns.length) {
      errors.push({ row, field: '(row)', message: `The row has ${record.length} cells; the header has ${columns.length}.` });
      continue;
    }
    const cells: Partial<Record<Column, string>> = {};
    columns.forEach((column, index) => {
      if (column && record[index] !== '') cells[column] = record[index];
    });
    const age = cells.age === undefined ? null : /^\d+$/.test(cells.age) ? Number(cells.age) : cells.age;
    rows.push({
      row,
      lead: {
        firstName: cells.firstName,
        lastName: cells.lastName,
        phone: cells.phone,
        email: cells.email ?? null,
        state: cells.state,
        zip: cells.zip,
        dateOfBirth: cells.dateOfBirth ?? null,
        age,
        source: 'aged_leads',
        tier: cells.tier,
        consent: cells.consentText === undefined && cells.consentAt === undefined ? undefined : { text: cells.consentText, at: cells.consentAt },
        externalId: cells.externalId ?? null,
      },
    });
  }
  return { ok: true, rows, errors };
}
