import { RESOURCE_LINK_EVENT_TYPES } from '../../../src/modules/resources/contracts/resource-links.js';
import { RESOURCES_TOPIC } from '../../../src/modules/resources/contracts/resource-tabs.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { EVERYONE_AUDIENCE } from '../../../src/platform/realtime/realtime-hub.js';

/**
 * Tells every signed-in browser that the resource cards changed. The cards are the resources
 * module's own rows (state-based), so this subscriber keeps no table: from each added, edited or
 * moved card, relayed from the module's outbox, it sends the topic to everyone; open Resources
 * pages reload.
 */
export const resourceNoticesProjection: Projection = {
  name: 'resource-notices',
  eventTypes: RESOURCE_LINK_EVENT_TYPES,
  async reset() {},
  async apply(events) {
    return events.length > 0 ? ([{ userId: EVERYONE_AUDIENCE, topic: RESOURCES_TOPIC }] satisfies ReadModelChange[]) : [];
  },
};
