import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code and its comments say why, not where they came from: "(issue 10)" tells a reader
 * nothing the code does not, and goes stale once the tracker moves on. The reason belongs in
 * the comment, the history in the commit message. A link to an upstream bug (`.../issues/123`)
 * explains a workaround, and passes.
 */
const ROOT = path.join(import.meta.dirname, '..');
const FOLDERS = ['src', 'projections', 'test', 'bench', 'scripts'];
const SCANNED = /\.(ts|tsx|mts|mjs|js|sql|md)$/;
const ISSUE_REFERENCE = /\bissues? #?\d+\b|\(#\d+\)/i;

const files = FOLDERS.flatMap((folder) =>
  (readdirSync(path.join(ROOT, folder), { recursive: true }) as string[])
    .filter((file) => SCANNED.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(folder, file)),
).filter((file) => file !== path.join('src', 'comments-say-why.spec.ts'));

describe('comments', () => {
  it('name no issue of the tracker', () => {
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (ISSUE_REFERENCE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('the rule fires on the usual ways of naming one, not on other numbers', () => {
    for (const line of ['// Lead delivery (issue 11): ...', ' * (Issue #9, "Reconciliation")', '(issues 9 and 10)', 'see (#12)'])
      expect(ISSUE_REFERENCE.test(line), line).toBe(true);
    for (const line of [
      '// rewrites the amount of deposit #10',
      '// https://github.com/electric-sql/pglite/issues/123',
      "context.addIssue({ code: 'custom' })",
      'color: #123456',
    ])
      expect(ISSUE_REFERENCE.test(line), line).toBe(false);
  });
});
