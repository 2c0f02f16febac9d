import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The modules already moved to the one command path (docs/processes.md); each new module joins the list. */
const MODULES = ['identity', 'access', 'security', 'wallet', 'payments', 'marketplace', 'integrations'];

const WALLET_LEDGER = path.join('wallet', 'services', 'wallet-ledger.ts');

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
    // The wallet's one decision path (snapshots, retries), which only its handlers call.
    expect(deciding.filter((file) => !file.endsWith('.handler.ts') && file !== WALLET_LEDGER)).toEqual([]);
    const callers = sources.filter(({ text }) => /\bledger\.decide\(/.test(text)).map(({ file }) => file);
    expect(callers.length).toBeGreaterThan(5);
    expect(callers.filter((file) => !file.endsWith('.handler.ts'))).toEqual([]);
  });
});
