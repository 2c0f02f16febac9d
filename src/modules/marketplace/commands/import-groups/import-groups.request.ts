import { parse } from 'csv-parse/sync';
import { z } from 'zod';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { MAX_GROUP_NAME } from '../../services/agent-groups.js';

export const MAX_IMPORT_CHARS = 1_000_000;
export const MAX_IMPORT_ROWS = 5_000;

export const importRequest = z.object({
  csv: z.string({ message: 'Send the text of the CSV file.' }).max(MAX_IMPORT_CHARS, 'The file is too large: at most 1 MB.'),
});

export type RowProblem = 'missing-group-name' | 'group-name-too-long' | 'invalid-email';
/** One data row: `row` is its line in the file (the header is line 1); an empty e-mail only makes the group. */
export type ImportRow = { readonly row: number; readonly group: string; readonly email: string; readonly problem?: RowProblem };

const GROUP_COLUMNS = new Set(['group', 'groupname']);
const EMAIL_COLUMNS = new Set(['email', 'memberemail']);
const columnKey = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');
const email = z.email();
// The export guards a name a spreadsheet would run as a formula with an apostrophe (src/platform/csv/csv.ts); import takes it off.
const unguarded = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** Reads an import file: a header row naming a group name and a member e-mail column (others are ignored), then one member per row. */
export function readImportCsv(text: string): ImportRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new DomainError('IMPORT_NOT_CSV', `The file could not be read as CSV${line ? ` (line ${line})` : ''}.`, 400);
  }
  const [header, ...data] = records;
  const groupAt = header?.record.findIndex((cell) => GROUP_COLUMNS.has(columnKey(cell))) ?? -1;
  const emailAt = header?.record.findIndex((cell) => EMAIL_COLUMNS.has(columnKey(cell))) ?? -1;
  if (groupAt < 0 || emailAt < 0) throw new DomainError('IMPORT_HEADER', 'The first row must name the columns: group name, member email.', 400);
  if (data.length === 0) throw new DomainError('IMPORT_EMPTY', 'The file has no rows below its header.', 400);
  if (data.length > MAX_IMPORT_ROWS)
    throw new DomainError('IMPORT_TOO_LONG', `At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows at a time: please split the file.`, 400);
  return data.map(({ record, info }) => {
    const group = unguarded(record[groupAt] ?? '').trim();
    const address = (record[emailAt] ?? '').trim().toLowerCase();
    const problem: RowProblem | undefined = !group
      ? 'missing-group-name'
      : group.length > MAX_GROUP_NAME
        ? 'group-name-too-long'
        : address && !email.safeParse(address).success
          ? 'invalid-email'
          : undefined;
    return { row: info.lines, group, email: address, ...(problem && { problem }) };
  });
}
