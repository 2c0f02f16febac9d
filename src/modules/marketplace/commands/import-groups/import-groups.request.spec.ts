import { describe, expect, it } from 'vitest';

import { MAX_IMPORT_ROWS, readImportCsv } from './import-groups.request.js';

const failure = (text: string) => {
  try {
    readImportCsv(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('reading a groups import file', () => {
  it('finds the group and e-mail columns by their header, numbering rows by their line in the file', () => {
    const text = '\uFEFFMember Name,Member E-mail,Group Name\r\nAna, ANA@Agents.test ,Team North\r\n\r\nBen,,Team South\r\n';
    expect(readImportCsv(text)).toEqual([
      { row: 2, group: 'Team North', email: 'ana@agents.test' },
      { row: 4, group: 'Team South', email: '' },
    ]);
  });

  it('names the problem of each bad row, and takes off the apostrophe the export puts before a formula', () => {
    const text = `group,email\n,ana@agents.test\n${'x'.repeat(81)},ana@agents.test\nTeam,not-an-email\n"'=Sum",ben@agents.test\n`;
    expect(readImportCsv(text)).toEqual([
      { row: 2, group: '', email: 'ana@agents.test', problem: 'missing-group-name' },
      { row: 3, group: 'x'.repeat(81), email: 'ana@agents.test', problem: 'group-name-too-long' },
      { row: 4, group: 'Team', email: 'not-an-email', problem: 'invalid-email' },
      { row: 5, group: '=Sum', email: 'ben@agents.test' },
    ]);
  });

  it('refuses a file without the header, without rows, that is not CSV, or that is too long', () => {
    expect(failure('Team North,ana@agents.test\n')).toBe('The first row must name the columns: group name, member email.');
    expect(failure('')).toBe('The first row must name the columns: group name, member email.');
    expect(failure('group,email\n')).toBe('The file has no rows below its header.');
    expect(failure('group,email\n"Team,ana@agents.test\n')).toMatch(/^The file could not be read as CSV/);
    expect(failure(`group,email\n${'Team,\n'.repeat(MAX_IMPORT_ROWS + 1)}`)).toBe('At most 5,000 rows at a time: please split the file.');
    expect(failure(`group,email\n${'Team,\n'.repeat(MAX_IMPORT_ROWS)}`)).toBeNull();
  });
});
