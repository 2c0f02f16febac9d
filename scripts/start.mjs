// `npm start`: builds whatever is out of date (nothing, right after `npm ci`), then runs the portal.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-needed'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// Node 22 keeps the compiled code of every module it loads on disk and reuses it on the next
// start; Node 20 has no such cache and compiles each module at every start.
module.enableCompileCache?.();
await import(path.join(root, 'dist/server/main.js'));
