import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';

/** Files copied at once: enough to keep the disk busy, few enough to stay far from the open-file limit. */
const PARALLEL_COPIES = 16;

/**
 * Copies the folder `from` (files and folders, recursively) to `to`, which must not exist yet.
 * The copy is made beside `to` and renamed into place, so `to` is never seen half-written: a
 * start interrupted while copying leaves no data folder that looks complete.
 */
export async function copyFolder(from: string, to: string): Promise<void> {
  const partial = `${to}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true });
  const relative = (entry: (typeof entries)[number]) => path.relative(from, path.join(entry.parentPath, entry.name));
  const folders = entries.filter((entry) => entry.isDirectory()).map(relative);
  const files = entries.filter((entry) => entry.isFile()).map(relative);
  await fs.mkdir(partial, { recursive: true });
  // Parents before children: readdir lists a folder before what is in it.
  for (const folder of folders) await fs.mkdir(path.join(partial, folder), { recursive: true });
  await pLimit(PARALLEL_COPIES).map(files, (file) => fs.copyFile(path.join(from, file), path.join(partial, file)));
  await fs.rename(partial, to);
}
