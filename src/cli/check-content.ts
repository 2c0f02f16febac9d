// Checks the content files the pages and the server share against their schemas: the build
// (scripts/build.mjs) runs this and fails on a file that does not match, naming each problem.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';

import { resourceSeedSchema } from '../modules/resources/contracts/resource-links.js';
import { trainingScheduleSchema } from '../modules/training/contracts/training-content.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const contentDir = path.join(root, 'web/src/content');

const files: [string, z.ZodType][] = [
  ...fs
    .readdirSync(path.join(contentDir, 'training'))
    .filter((name) => name.endsWith('.json'))
    .map((name): [string, z.ZodType] => [path.join('training', name), trainingScheduleSchema]),
  ['resources.json', resourceSeedSchema],
];

let problems = 0;
for (const [file, schema] of files) {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8'));
  } catch (error) {
    console.error(`web/src/content/${file}: ${(error as Error).message}`);
    problems++;
    continue;
  }
  const result = schema.safeParse(data);
  for (const issue of result.error?.issues ?? []) {
    console.error(`web/src/content/${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    problems++;
  }
}
if (problems > 0) {
  console.error(`${problems} problem(s) in the content files.`);
  process.exit(1);
}
process.stdout.write(`${files.length} content files match their schemas.\n`);
// The build's mark that these files passed: scripts/build.mjs skips the check while it is newer than they are.
fs.writeFileSync(path.join(root, 'dist', 'content-checked'), new Date().toISOString());
