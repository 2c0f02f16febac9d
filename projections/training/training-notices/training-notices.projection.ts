import { TRAINING_EVENT_TYPES, TRAINING_TEAM_TOPIC, TRAINING_TOPIC, type TrainingEvent } from '../../../src/modules/training/contracts/training.events.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { roleAudience } from '../../../src/platform/realtime/realtime-hub.js';

/**
 * Tells an agent's other tabs and devices, their SAT leader and the admins that the agent's
 * training progress changed. The progress rows are the training module's own (state-based), so
 * this subscriber keeps no table: from each change relayed from the module's outbox it sends the
 * topic; open schedule pages reload their ticks and open team views their rows.
 */
export const trainingNoticesProjection: Projection = {
  name: 'training-notices',
  eventTypes: TRAINING_EVENT_TYPES,
  async reset() {},
  async apply(events) {
    if (events.length === 0) return [];
    const agents = new Set<string>();
    const teamViews = new Set<string>([roleAudience('admin')]);
    for (const event of events) {
      const { userId, leaderId } = event.data as TrainingEvent['data'];
      agents.add(userId);
      if (leaderId) teamViews.add(leaderId);
    }
    return [
      ...[...agents].map((userId): ReadModelChange => ({ userId, topic: TRAINING_TOPIC })),
      ...[...teamViews].map((userId): ReadModelChange => ({ userId, topic: TRAINING_TEAM_TOPIC })),
    ];
  },
};
