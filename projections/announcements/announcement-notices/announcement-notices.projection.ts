import { ANNOUNCEMENT_EVENT_TYPES, ANNOUNCEMENTS_TOPIC } from '../../../src/modules/announcements/contracts/announcement.events.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { EVERYONE_AUDIENCE } from '../../../src/platform/realtime/realtime-hub.js';

/**
 * Tells every signed-in browser that the announcements changed. The announcements module is
 * state-based (its rows are the read model), so this subscriber keeps no table: from each
 * created, edited or deleted announcement, relayed from the module's outbox, it sends the topic
 * to everyone's stream; the browsers reload the list.
 */
export const announcementNoticesProjection: Projection = {
  name: 'announcement-notices',
  eventTypes: ANNOUNCEMENT_EVENT_TYPES,
  async reset() {},
  async apply(events) {
    return events.length > 0 ? ([{ userId: EVERYONE_AUDIENCE, topic: ANNOUNCEMENTS_TOPIC }] satisfies ReadModelChange[]) : [];
  },
};
