import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** The boundary rule's messages for one import line, linted as if it were the given file. */
async function boundaryErrors(file: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${importPath}';\nexport const y = x;\n`, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('web feature boundaries (eslint.config.js)', () => {
  it('refuses a feature that imports another feature, from any depth of its folder', async () => {
    expect(await boundaryErrors('web/src/features/campaigns/campaigns-page.tsx', '../groups/groups-page')).toHaveLength(1);
    expect(await boundaryErrors('web/src/features/campaigns/components/buy-leads-dialog.tsx', '../../wallet/wallet-page')).toHaveLength(1);
    expect(await boundaryErrors('web/src/features/my-leads/components/lead-deliveries-dialog.tsx', '../../integrations/delivery-log-card')).toHaveLength(1);
    expect(await boundaryErrors('web/src/features/home/home-page.tsx', '../../features/access/components/access-code-dialog')).toHaveLength(1);
  });

  it('allows app/, components/, lib/ and content/, and the feature’s own files', async () => {
    const page = 'web/src/features/campaigns/campaigns-page.tsx';
    expect(await boundaryErrors(page, '../../app/api/groups')).toEqual([]);
    expect(await boundaryErrors(page, '../../components/ui/button')).toEqual([]);
    expect(await boundaryErrors(page, '../../lib/use-api-query')).toEqual([]);
    expect(await boundaryErrors(page, './components/buy-leads-dialog')).toEqual([]);
    expect(await boundaryErrors('web/src/features/campaigns/components/buy-leads-dialog.tsx', '../api/campaigns')).toEqual([]);
    expect(await boundaryErrors('web/src/features/campaigns/components/buy-leads-dialog.tsx', '../../campaigns/api/campaigns')).toEqual([]);
  });

  it('reaches type-only imports too', async () => {
    const [result] = await eslint.lintText(`import type { Group } from '../groups/api/groups';\nexport type G = Group;\n`, {
      filePath: `${root}web/src/features/campaigns/campaigns-page.tsx`,
    });
    expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });
});
