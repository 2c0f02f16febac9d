import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// What a start of the built server loads: every module the portal's code imports before it can
// serve (dist/src/create-app.js and what it imports), as ES modules seen by a loader hook and
// CommonJS ones in require's cache. Libraries that only some requests or deployments need are
// loaded where they are used, the first time: a static import of one would show here.
const NOT_AT_START = [
  'stripe',
  'openai',
  '@eventstore/db-client',
  '@grpc/grpc-js',
  'bullmq',
  '@aws-sdk/client-s3',
  'pdfkit',
  'sharp',
  'nodemailer',
  'file-type',
  '@mikro-orm/core',
  '@mikro-orm/migrations',
  'knex',
  'umzug',
];

const LIST_LOADED = `
import { createRequire, register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  'export async function load(url, context, next) { process.stderr.write("loaded " + url + "\\\\n"); return next(url, context); }'
));
await import(${JSON.stringify(new URL('../../dist/src/create-app.js', import.meta.url).href)});
for (const file of Object.keys(createRequire(import.meta.url).cache)) process.stderr.write('loaded ' + file + '\\n');
`;

describe('what a start of the server loads', () => {
  it('loads no library that only some requests or deployments use, no migration, and date-fns by function', async () => {
    const { stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', LIST_LOADED], { maxBuffer: 64 * 1024 * 1024 });
    const loaded = stderr
      .split('\n')
      .filter((line) => line.startsWith('loaded '))
      .map((line) => decodeURIComponent(line.slice('loaded '.length)));
    expect(loaded.length).toBeGreaterThan(500);
    expect(loaded.some((file) => file.includes('/node_modules/@nestjs/core/'))).toBe(true);

    const packageOf = (file: string) => /\/node_modules\/((@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
    expect([...new Set(loaded.map(packageOf).filter((name) => name && NOT_AT_START.includes(name)))]).toEqual([]);
    expect(loaded.filter((file) => /\/dist\/src\/.*\/migrations\/migration-\d{4}-/.test(file))).toEqual([]);
    expect(loaded.filter((file) => /\/node_modules\/date-fns\/index\.(c?js|mjs)$/.test(file))).toEqual([]);
  });
});
