// npm run bench -- <name> [args]: runs bench/<name>/<name>.bench.ts and prints its figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const available = fs.readdirSync(path.join(root, 'bench')).filter((d) => fs.existsSync(path.join(root, 'bench', d, `${d}.bench.ts`)));
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <name>\nBenchmarks: ${available.join(', ')}`);
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', name, `${name}.bench.ts`), ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
