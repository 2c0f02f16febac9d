import { describe, expect, it } from 'vitest';

import { studyGuidePdf } from './study-guide.js';

/** The text drawn on the pages: each TJ array's hex strings (WinAnsi codes) decoded and joined, one line each. */
function drawnText(pdf: Buffer): string {
  const content = pdf.toString('latin1');
  return [...content.matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/g)]
    .map((match) => [...match[1]!.matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''))
    .join('\n');
}

describe('the study guide', () => {
  it('is a PDF written from the licensing content: the steps, the costs and their total, the pass mark and the scheduling rules', async () => {
    const pdf = await studyGuidePdf();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = drawnText(pdf);
    expect(text).toContain('2-15 License Prep');
    expect(text).toContain('Step 1: Pre-License Course ($29)');
    expect(text).toContain('Step 4: Pass the Exam (70%+)');
    expect(text).toContain('A score of 70% or higher passes.');
    expect(text).toMatch(/practice tests until you score 85%\+/);
    expect(text).toContain('within 2 weeks');
    expect(text).toContain('at least 48 hours before');
    expect(text).toMatch(/Total\n\$181/);
  });
});
