import { describe, expect, it } from 'vitest';

import { csvField, toCsv } from './csv.js';

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(null)).toBe('');
    expect(csvField(-12.5)).toBe('-12.5');
  });

  it('keeps a spreadsheet from running a text cell as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-5.00')).toBe('-5.00');
    expect(csvField('-1+1')).toBe("'-1+1");
  });

  it('ends every record with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 2],
          ['x,y', null],
        ],
      ),
    ).toBe('a,b\r\n1,2\r\n"x,y",\r\n');
  });
});
