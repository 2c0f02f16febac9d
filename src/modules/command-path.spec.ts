import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { sourcesUnder } from '../../test/support/source-tree.js';

/** The modules on the one command path (docs/processes.md); each new module joins the list. */
const MODULES = [
  'identity',
  'access',
  'security',
  'wallet',
  'payments',
  'marketplace',
  'integrations',
  'support',
  'bonuses',
  'announcements',
  'prep-course',
  'assistant',
  'training',
  'resources',
];

const WALLET_LEDGER = path.join('src', 'modules', 'wallet', 'services', 'wallet-ledger.ts');

const sources = MODULES.flatMap((module) => sourcesUnder(path.join('src', 'modules', module)));

/** `verb-noun` → `VerbNoun`. */
const pascalCase = (folder: string) => folder.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());

const COMMAND_CLASS = /\bclass\s+(\w+)\s+extends\s+Command</g;
const HANDLER = /@CommandHandler\(\s*(\w+)\s*\)/g;
const CONSTRUCTOR =
  /constructor\(\s*(?:\/\*\*[^]*?\*\/\s*)?readonly input\??: [^]*?,\s*(?:\/\*\*[^]*?\*\/\s*)?readonly context: CommandContext\s*(?:,\s*(?:\/\*\*[^]*?\*\/\s*)?readonly idempotencyKey\??: string(?: \| undefined)?\s*)?,?\s*\)/;

/** Where a file breaks the command shape, as "file: what". */
function shapeViolations(): string[] {
  const found: string[] = [];
  for (const { file, text } of sources) {
    const parts = file.split(path.sep);
    const folder = parts.at(-2)!;
    const inCommandFolder = parts.at(-3) === 'commands';
    const classes = [...text.matchAll(COMMAND_CLASS)].map((m) => m[1]!);
    for (const name of classes) {
      if (!inCommandFolder || !file.endsWith(`${folder}.command.ts`) || name !== pascalCase(folder) || classes.length > 1) {
        found.push(`${file}: command ${name} is not alone in commands/<verb-noun>/<verb-noun>.command.ts`);
      }
      if (/^Decide[A-Z]/.test(name)) found.push(`${file}: command ${name} decides anything (send a named command)`);
    }
    if (classes.length > 0 && !CONSTRUCTOR.test(text)) found.push(`${file}: constructor is not (input, context: CommandContext, idempotencyKey?)`);
    const handled = [...text.matchAll(HANDLER)].map((m) => m[1]!);
    for (const name of handled) {
      if (!inCommandFolder || !file.endsWith(`${folder}.handler.ts`) || name !== pascalCase(folder) || handled.length > 1) {
        found.push(`${file}: handler of ${name} is not alone in commands/<verb-noun>/<verb-noun>.handler.ts`);
      }
    }
    const isJob = parts.includes('jobs') || file.endsWith('.job.ts') || file.endsWith('.jobs.ts');
    if (isJob && /\b(inTransaction|recordInOutbox|handleCommand|recordAccountEvent)\(/.test(text)) found.push(`${file}: a job writes (send a command)`);
  }
  return found.sort();
}

/**
 * Files not yet in the command shape (docs/plans/one-shape-server.md, steps 6–9). The list only
 * shrinks: a file that comes into shape fails the test until its line is taken out.
 */
const NOT_YET_IN_SHAPE: readonly string[] = [];

describe('one way to run a command', () => {
  it('has every write endpoint send a command through the CommandBus, without writing itself', () => {
    const isQuery = (file: string) => file.split(path.sep).includes('queries');
    const writers = sources.filter(({ file, text }) => file.endsWith('.http.controller.ts') && /@(Post|Put|Patch|Delete)\(/.test(text) && !isQuery(file));
    expect(writers.length).toBeGreaterThan(10);
    for (const { file, text } of writers) {
      expect(text, file).toMatch(/private readonly commands: CommandBus/);
      expect(text, file).not.toMatch(/\b(handleCommand|inTransaction|recordInOutbox|recordAccountEvent)\b/);
    }
    // A query may take its question as a POST body (the bonus calculator's week), but never writes.
    const queries = sources.filter(({ file }) => isQuery(file));
    expect(queries.length).toBeGreaterThan(10);
    for (const { file, text } of queries) {
      expect(text, file).not.toMatch(
        /\b(handleCommand|inTransaction|recordInOutbox|recordAccountEvent|CommandBus)\b|\b(INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/,
      );
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

  it('keeps each command in commands/<verb-noun>/ with its one handler, one constructor shape, and jobs that only send commands', () => {
    expect(shapeViolations()).toEqual(NOT_YET_IN_SHAPE);
  });

  it('knows a command in shape from one out of it', () => {
    expect(pascalCase('reconcile-day')).toBe('ReconcileDay');
    const inShape = `export class ReconcileDay extends Command<void> {\n  constructor(\n    readonly input: { day: string },\n    readonly context: CommandContext,\n    readonly idempotencyKey?: string,\n  ) {\n    super();\n  }\n}`;
    expect(CONSTRUCTOR.test(inShape)).toBe(true);
    expect(CONSTRUCTOR.test(`constructor(readonly input: X, readonly context: CommandContext) {`)).toBe(true);
    expect(CONSTRUCTOR.test(`constructor(readonly day: string, readonly runBy: string) {`)).toBe(false);
    expect(CONSTRUCTOR.test(`constructor(readonly userId: string, readonly input: X, readonly context: CommandContext) {`)).toBe(false);
  });
});
