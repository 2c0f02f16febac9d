// Builds the server (tsc, then bundled by scripts/bundle-server.mjs) and the web app (vite).
// With --if-needed, skips a part whose output is newer than all of its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifNeeded = process.argv.includes('--if-needed');

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

function upToDate(output, sources) {
  const file = path.join(root, output);
  return fs.existsSync(file) && fs.statSync(file).mtimeMs >= newestMtime(sources);
}

function run(label, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
  console.log(`${label} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const serverSources = ['src', 'projections', 'web/src/content', 'tsconfig.json', 'package-lock.json'];
const webSources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'src/modules', 'package-lock.json'];

if (!ifNeeded || !upToDate('dist/server/main.js', serverSources)) {
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  run('Server', bin('tsc'), ['-p', 'tsconfig.json']);
  run('Embedded database template', process.execPath, ['dist/src/cli/make-embedded-template.js']);
  // Last: --if-needed takes dist/server/main.js as the mark of a whole server build.
  run('Server bundle', process.execPath, ['scripts/bundle-server.mjs']);
}
// The training schedules and the resources seed, against their schemas (a bad file stops the
// build); it leaves dist/content-checked behind, so a start with nothing changed skips it.
const contentSources = ['web/src/content', 'src/modules/training/contracts', 'src/modules/resources/contracts', 'package-lock.json'];
if (!ifNeeded || !upToDate('dist/content-checked', [...contentSources, 'dist/src/cli/check-content.js'])) {
  run('Content check', process.execPath, ['dist/src/cli/check-content.js']);
}
if (!ifNeeded || !upToDate('dist/assistant-knowledge.json', ['web/src/content', 'src/modules/assistant', 'package-lock.json'])) {
  run('Assistant knowledge', process.execPath, ['dist/src/cli/build-assistant-knowledge.js']);
}
if (!ifNeeded || !upToDate('web/dist/index.html', webSources)) {
  run('Web app', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}
