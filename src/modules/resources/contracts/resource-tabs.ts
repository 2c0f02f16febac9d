/** The Resources page's tabs and cards as the pages and the server both see them (no zod here: the web app loads this). */

/** The tabs of the Resources page (spec), in their order. */
export const RESOURCE_TABS = [
  'Essential Tools',
  'Meetings & Scheduling',
  'Lead Management',
  'Support & Guides',
  'Events & Incentives',
  'Lion Share',
  'Additional Resources',
] as const;
export type ResourceTab = (typeof RESOURCE_TABS)[number];

/** What a resource card does: open its address, or open the Submit Help Request dialog. */
export const RESOURCE_ACTIONS = ['link', 'help-request'] as const;

/** The realtime topic every signed-in browser hears when an admin changes the resource links. */
export const RESOURCES_TOPIC = 'resources';

/** A card as stored and shown. */
export type ResourceLinkFields = {
  readonly tab: ResourceTab;
  readonly title: string;
  readonly description: string;
  readonly emoji: string;
  readonly action: (typeof RESOURCE_ACTIONS)[number];
  readonly url: string | null;
  readonly hidden: boolean;
};

export type ResourceLinkView = ResourceLinkFields & { readonly id: string; readonly position: number };
