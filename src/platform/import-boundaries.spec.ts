import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The boundary rule's messages for one import line, linted as if it were the given file. */
async function boundaryErrors(file: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${importPath}';\nexport const y = x;\n`, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it('refuses a platform file that imports a module, at any depth', async () => {
    expect(await boundaryErrors('src/platform/platform.module.ts', '../modules/security/contracts/security-events.js')).toHaveLength(1);
    expect(await boundaryErrors('src/platform/http/all-exceptions.filter.ts', '../../modules/security/contracts/security-events.js')).toHaveLength(1);
    expect(await boundaryErrors('src/platform/persistence/migrations/index.ts', '../../../modules/identity/account-events.js')).toHaveLength(1);
  });

  it('refuses a platform file that imports a projection, but not the platform’s own projections folder', async () => {
    expect(await boundaryErrors('src/platform/platform.module.ts', '../../projections/audit/audit-log/audit-log.projection.js')).toHaveLength(1);
    expect(
      await boundaryErrors('src/platform/jobs/event-job-dispatcher.ts', '../../../projections/security/security-events/security-events.projection.js'),
    ).toHaveLength(1);
    expect(await boundaryErrors('src/platform/jobs/event-job-dispatcher.ts', '../projections/subscription-runner.js')).toEqual([]);
    expect(await boundaryErrors('src/platform/platform.module.ts', './projections/projection.js')).toEqual([]);
  });

  it("refuses a module that imports another module's internals, and allows its contracts and its own files", async () => {
    const signIn = 'src/modules/identity/commands/sign-in/sign-in.handler.ts';
    expect(await boundaryErrors(signIn, '../../../security/jobs/evaluate-security-event.job.js')).toHaveLength(1);
    expect(await boundaryErrors(signIn, '../../../security/security.module.js')).toHaveLength(1);
    expect(await boundaryErrors(signIn, '../../../../modules/access/domain/agent-access.decider.js')).toHaveLength(1);
    expect(await boundaryErrors('src/modules/training/training.module.ts', '../access/access.service.js')).toHaveLength(1);
    expect(await boundaryErrors(signIn, '../../../security/contracts/security-events.js')).toEqual([]);
    expect(await boundaryErrors(signIn, '../../domain/auth-rate-limits.js')).toEqual([]);
    expect(await boundaryErrors(signIn, '../../../identity/domain/auth-rate-limits.js')).toEqual([]);
    expect(await boundaryErrors(signIn, '../../../../platform/http/api-error.js')).toEqual([]);
  });

  it('reaches type-only imports too', async () => {
    const [result] = await eslint.lintText(
      `import type { Projection } from '../../projections/audit/audit-log/audit-log.projection.js';\nexport type P = Projection;\n`,
      {
        filePath: path.join(root, 'src/platform/platform.module.ts'),
      },
    );
    expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });
});
