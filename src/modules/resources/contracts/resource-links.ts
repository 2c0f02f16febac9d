import { z } from 'zod';

import { itemId, linkAddress } from '../../training/contracts/training-content.js';
import { RESOURCE_ACTIONS, RESOURCE_TABS, type ResourceLinkFields, type ResourceTab } from './resource-tabs.js';

const text = z.string().trim().min(1);

export const resourceSeedSchema = z
  .strictObject({
    resources: z
      .array(
        z.strictObject({
          id: itemId,
          tab: z.enum(RESOURCE_TABS),
          title: text.max(80),
          description: text.max(200),
          emoji: text.max(8),
          action: z.enum(RESOURCE_ACTIONS).default('link'),
          url: linkAddress.nullable(),
        }),
      )
      .min(1),
  })
  .superRefine((seed, ctx) => {
    const ids = new Set<string>();
    seed.resources.forEach((resource, index) => {
      if (ids.has(resource.id)) ctx.addIssue({ code: 'custom', path: ['resources', index, 'id'], message: `The id ${resource.id} is used twice` });
      ids.add(resource.id);
      if (resource.action === 'link' && !resource.url) ctx.addIssue({ code: 'custom', path: ['resources', index, 'url'], message: 'A link needs an address' });
    });
    for (const tab of RESOURCE_TABS) {
      if (!seed.resources.some((r) => r.tab === tab)) ctx.addIssue({ code: 'custom', path: ['resources'], message: `The tab ${tab} has no card` });
    }
  });

export type ResourceSeed = z.output<typeof resourceSeedSchema>;

/** Events of the resources module, relayed from its outbox; the admin (or the start-up seed) is each event's actor. */
export type ResourceLinkCreated = { readonly type: 'ResourceLinkCreated'; readonly data: { readonly resourceId: string } & ResourceLinkFields };
export type ResourceLinkUpdated = { readonly type: 'ResourceLinkUpdated'; readonly data: { readonly resourceId: string } & ResourceLinkFields };
export type ResourceLinkMoved = {
  readonly type: 'ResourceLinkMoved';
  readonly data: { readonly resourceId: string; readonly tab: ResourceTab; readonly position: number };
};
export type ResourceLinkEvent = ResourceLinkCreated | ResourceLinkUpdated | ResourceLinkMoved;

export const RESOURCE_LINK_EVENT_TYPES: readonly ResourceLinkEvent['type'][] = ['ResourceLinkCreated', 'ResourceLinkUpdated', 'ResourceLinkMoved'];

export const resourceLinkStream = (resourceId: string) => `resource-link-${resourceId}`;

/** The body of creating or editing a card (admins). */
export const resourceLinkBody = z
  .strictObject({
    tab: z.enum(RESOURCE_TABS, 'Choose one of the seven tabs'),
    title: z.string('The title is required').trim().min(1, 'The title is required').max(80, 'The title is at most 80 characters'),
    description: z.string().trim().max(200, 'The description is at most 200 characters').default(''),
    emoji: z.string().trim().min(1, 'Choose an emoji or icon').max(8, 'The emoji is at most 8 characters').default('🔗'),
    action: z.enum(RESOURCE_ACTIONS).default('link'),
    url: linkAddress.nullable().default(null),
    hidden: z.boolean().default(false),
  })
  .refine((body) => body.action !== 'link' || body.url !== null, { path: ['url'], message: 'A link needs an address' })
  .transform((body) => ({ ...body, url: body.action === 'link' ? body.url : null }));
