import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const specsIn = (folder: string, suffix: string) =>
  fs
    .readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith(suffix))
    .map((name) => ({ name, source: fs.readFileSync(path.join(root, folder, name), 'utf8') }));
const drivesABrowser = (source: string) => /\b(launchBrowser|newPage)\(/.test(source);

describe('where a test that needs a running portal lives', () => {
  it('test/e2e holds only tests that drive a browser', () => {
    const specs = specsIn('test/e2e', '.e2e.spec.ts');
    expect(specs.length).toBeGreaterThan(0);
    expect(specs.filter((spec) => !drivesABrowser(spec.source)).map((spec) => spec.name)).toEqual([]);
  });

  it('test/api holds the tests that only speak HTTP', () => {
    const specs = specsIn('test/api', '.api.spec.ts');
    expect(specs.length).toBeGreaterThan(0);
    expect(specs.filter((spec) => drivesABrowser(spec.source)).map((spec) => spec.name)).toEqual([]);
  });

  it('no other kind of spec sits in either folder', () => {
    const stray = ['test/e2e', 'test/api'].flatMap((folder) =>
      fs.readdirSync(path.join(root, folder)).filter((name) => name.endsWith('.ts') && !name.endsWith(folder === 'test/e2e' ? '.e2e.spec.ts' : '.api.spec.ts')),
    );
    expect(stray).toEqual([]);
  });
});

describe('how a test waits', () => {
  it('gives every vi.waitFor the suite’s one ceiling (its own default, one second, fails on a busy machine)', () => {
    const specs = ['src', 'test', 'projections'].flatMap((folder) =>
      (fs.readdirSync(path.join(root, folder), { recursive: true }) as string[])
        .filter((name) => name.endsWith('.spec.ts') && !name.split(path.sep).includes('node_modules'))
        .map((name) => ({ name: path.join(folder, name), source: fs.readFileSync(path.join(root, folder, name), 'utf8') })),
    );
    const unbounded = specs.filter(({ source }) => (source.match(/vi\.waitFor\(/g) ?? []).length > (source.match(/timeout: WAIT_CEILING_MS/g) ?? []).length);
    expect(unbounded.map((spec) => spec.name)).toEqual([]);
  });
});
