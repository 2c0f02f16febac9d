import { describe, expect, it } from 'vitest';

import seed from '../../../../web/src/content/resources.json' with { type: 'json' };
import { resourceSeedSchema } from './resource-links.js';
import { RESOURCE_TABS } from './resource-tabs.js';

describe('the resources seed', () => {
  it('matches the schema, with a card on each of the seven tabs and Need Help? opening the help dialog', () => {
    const parsed = resourceSeedSchema.parse(seed);
    expect(new Set(parsed.resources.map((r) => r.tab))).toEqual(new Set(RESOURCE_TABS));
    expect(parsed.resources.find((r) => r.title === 'Need Help?')).toMatchObject({ action: 'help-request', url: null });
  });

  it('refuses a link without an address and an address that is not http(s) or a portal path', () => {
    const bad = { resources: [{ id: 'x', tab: 'Lion Share', title: 'X', description: 'Y', emoji: '🦁', url: 'ftp://example.com' }] };
    const messages = resourceSeedSchema.safeParse(bad).error!.issues.map((issue) => issue.message);
    expect(messages).toContain('The address must start with http://, https:// or / (a page of the portal)');
    expect(messages).toContain('The tab Essential Tools has no card');
  });
});
