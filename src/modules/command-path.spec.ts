import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The modules already moved to the one command path (docs/processes.md); each new module joins the list. */
const MODULES = ['identity', 'access', 'security'];

const sources = MODULES.flatMap((module) => {
  const root = path.join(import.meta.dirname, module);
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => ({ file: path.join(module, file), text: readFileSync(path.join(root, file), 'utf8') }));
});

describe('one way to run a command', () => {
  it('has every write endpoint send a command through the CommandBus, without writing itself', () => {
    const writers = sources.filter(({ file, text }) => file.endsWith('.http.controller.ts') && /@(Post|Put|Patch|Delete)\(/.test(text));
    expect(writers.length).toBeGreaterThan(10);
    for (const { file, text } of writers) {
      expect(text, file).toMatch(/private readonly commands: CommandBus/);
      expect(text, file).not.toMatch(/\b(handleCommand|inTransaction|recordInOutbox|recordAccountEvent)\b/);
    }
  });

  it('decides on a stream only inside a command handler', () => {
    const deciding = sources.filter(({ text }) => /\bhandleCommand\(/.test(text)).map(({ file }) => file);
    expect(deciding.length).toBeGreaterThan(0);
    expect(deciding.filter((file) => !file.endsWith('.handler.ts'))).toEqual([]);
  });
});
