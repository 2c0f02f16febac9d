import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

import { csvRecords } from './csv-records.js';

describe('csvRecords', () => {
  it('reads what a one-go parse reads, quoted fields across chunk boundaries included', async () => {
    // Rows long enough that fields with commas, quotes and newlines fall on the 32 KB boundaries.
    const text = Array.from({ length: 3_000 }, (_, i) => `${i},"a, ""quoted""\nfield ${'x'.repeat(i % 40)}",end`).join('\r\n');
    const options = { info: true, relax_column_count: true } as const;
    expect(text.length).toBeGreaterThan(3 * 32 * 1024);
    expect(await csvRecords(text, options)).toEqual(parse(text, options));
  });

  it('keeps a character of two UTF-16 units whole where a chunk ends', async () => {
    // An emoji astride the 32 KB boundary, and names beyond the basic plane.
    const text = `${'x'.repeat(32 * 1024 - 1)}😀,Zoë 𝒜da\n`;
    expect(await csvRecords(text, {})).toEqual([[`${'x'.repeat(32 * 1024 - 1)}😀`, 'Zoë 𝒜da']]);
  });

  it('rejects text that is not CSV with the parser’s message', async () => {
    await expect(csvRecords(`a,b\n${'1,2\n'.repeat(20_000)}"open`, {})).rejects.toThrow(/Quote Not Closed/);
  });

  it('gives other work a turn while it parses', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    await csvRecords('a,b\n'.repeat(100_000), {});
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(1);
  });
});
