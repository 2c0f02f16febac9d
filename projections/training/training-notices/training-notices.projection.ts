import { TRAINING_EVENT_TYPES, TRAINING_TOPIC, type TrainingEvent } from '../../../src/modules/training/contracts/training.events.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';

/**
 * Tells an agent's other tabs and devices that their training progress changed. The progress
 * rows are the training module's own (state-based), so this subscriber keeps no table: from each
 * change relayed from the module's outbox it sends the topic to the agent's streams, and their
 * open schedule pages reload their ticks.
 */
export const trainingNoticesProjection: Projection = {
  name: 'training-notices',
  eventTypes: TRAINING_EVENT_TYPES,
  async reset() {},
  async apply(events) {
    const users = new Set(events.map((event) => (event.data as TrainingEvent['data']).userId));
    return [...users].map((userId): ReadModelChange => ({ userId, topic: TRAINING_TOPIC }));
  },
};
