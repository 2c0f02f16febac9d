import { describe, expect, it } from 'vitest';

import { startPortal } from '../support/portal/portal-process.js';
import { WAIT_CEILING_MS } from '../support/waiting.js';

// What a start of the built server loads: the embedded default started as `npm start` runs it
// (dist/server/main.js), with ES modules seen by a loader hook and CommonJS ones listed from
// require's cache once it answers. Libraries that only some requests or deployments need are
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
process.on('SIGUSR2', () => {
  for (const file of Object.keys(createRequire(import.meta.url).cache)) process.stderr.write('loaded ' + file + '\\n');
  process.stderr.write('listed\\n');
});
`;

describe('what a start of the server loads', () => {
  it('loads the bundle, no library that only some requests or deployments use, no migration, and date-fns by function', async () => {
    const portal = await startPortal({}, 'main', { nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(LIST_LOADED)}`] });
    try {
      process.kill(portal.pid, 'SIGUSR2');
      await expect.poll(() => portal.output(), { timeout: WAIT_CEILING_MS }).toContain('listed');
    } finally {
      await portal.stop();
    }
    const loaded = portal
      .output()
      .split('\n')
      .filter((line) => line.startsWith('loaded '))
      .map((line) => decodeURIComponent(line.slice('loaded '.length)));
    expect(loaded.some((file) => file.includes('/node_modules/@nestjs/core/'))).toBe(true);

    // The portal's own code comes from the bundle: a handful of files, none from dist/src.
    const own = loaded.filter((file) => file.includes('/dist/server/'));
    expect(own.some((file) => file.endsWith('/dist/server/main.js'))).toBe(true);
    expect(own.length).toBeLessThan(40);
    expect(loaded.filter((file) => file.includes('/dist/src/'))).toEqual([]);

    const packageOf = (file: string) => /\/node_modules\/((@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
    expect([...new Set(loaded.map(packageOf).filter((name) => name && NOT_AT_START.includes(name)))]).toEqual([]);
    expect(own.filter((file) => /\/(migration-\d{4}-|mikro-migrator-)[^/]*\.js$/.test(file))).toEqual([]);
    expect(loaded.filter((file) => /\/node_modules\/date-fns\/index\.(c?js|mjs)$/.test(file))).toEqual([]);
  });
});
