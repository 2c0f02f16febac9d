import { PROFILE_TOPIC, type AvatarChanged, type ProfileUpdated } from '../../../src/modules/identity/contracts/identity.events.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';

/**
 * Tells a user's other tabs that their profile changed: the profile row is identity's own (a
 * state-based module), so this subscriber keeps no table. The browser reloads the session (a new
 * time zone applies at once) and the Account Info card.
 */
export const profileNoticesProjection: Projection = {
  name: 'profile-notices',
  eventTypes: ['ProfileUpdated', 'AvatarChanged'],
  async reset() {},
  async apply(events) {
    const users = new Set(events.map((event) => (event.data as (ProfileUpdated | AvatarChanged)['data']).userId));
    return [...users].map((userId): ReadModelChange => ({ userId, topic: PROFILE_TOPIC }));
  },
};
