import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type SourceFile = { readonly file: string; readonly text: string };

/** The project's root folder (where package.json is). */
export const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The TypeScript sources under `folder` (relative to the project root), without tests and test
 * helpers, each with its path relative to the project root. A missing folder has none.
 */
export function sourcesUnder(folder: string): SourceFile[] {
  const absolute = path.join(projectRoot, folder);
  let files: string[];
  try {
    files = readdirSync(absolute, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return files
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.testing.ts'))
    .sort()
    .map((file) => ({ file: path.join(folder, file), text: readFileSync(path.join(absolute, file), 'utf8') }));
}
