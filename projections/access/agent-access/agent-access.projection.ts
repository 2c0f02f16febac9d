import type { AgentAccessEvent } from '../../../src/modules/access/domain/agent-access.decider.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';

export const ACCESS_TOPIC = 'access';

/**
 * Each agent's elevated access as last granted or revoked (admins see it in the Users list),
 * and the `access` change that tells the agent's other open tabs to refresh their header.
 * Access checks never read this: they read the write model, which is never behind.
 */
export const agentAccessProjection: Projection = {
  name: 'agent-access',
  eventTypes: ['ElevatedAccessGranted', 'ElevatedAccessRevoked'],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_agent_access');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events) {
      const event = recorded as unknown as AgentAccessEvent;
      if (event.type === 'AccessCodeAttemptFailed') continue;
      const elevatedUntil = event.type === 'ElevatedAccessGranted' ? event.data.expiresAt : null;
      await tx.query(
        `INSERT INTO rm_agent_access (user_id, elevated_until, changed_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET elevated_until = EXCLUDED.elevated_until, changed_at = EXCLUDED.changed_at`,
        [event.data.userId, elevatedUntil, recorded.metadata.occurredAt],
      );
      changes.push({ userId: event.data.userId, topic: ACCESS_TOPIC });
    }
    return changes;
  },
};
