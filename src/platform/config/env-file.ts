import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export type EnvFile = { readonly path: string; readonly values: Readonly<Record<string, string>> };

export class EnvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvFileError';
  }
}

/**
 * The settings file: ENV_FILE, or `.env` in the working folder. A missing `.env` is no
 * error (every setting is optional); a missing ENV_FILE is, since someone named it.
 * `ENV_FILE=` (empty) reads none.
 */
export function readEnvFile(env: NodeJS.ProcessEnv, cwd = process.cwd()): EnvFile | null {
  const named = env.ENV_FILE;
  if (named === '') return null;
  const file = path.resolve(cwd, named ?? '.env');
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (named === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new EnvFileError(`ENV_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseEnv(content))) if (value !== undefined) values[name] = value;
  return { path: file, values };
}

/** The file's settings under the real environment: a variable set in the environment wins, even when empty. */
export function withEnvFile(env: NodeJS.ProcessEnv, file: EnvFile | null): NodeJS.ProcessEnv {
  return file ? { ...file.values, ...env } : env;
}
