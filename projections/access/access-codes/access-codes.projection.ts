import type { AccessCodeEvent } from '../../../src/modules/access/domain/access-code.decider.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection } from '../../../src/platform/projections/projection.js';

/** Access codes for the admin list, and the code-hash lookup used when an agent enters a code. */
export const accessCodesProjection: Projection = {
  name: 'access-codes',
  eventTypes: ['AccessCodeCreated', 'AccessCodeDisabled', 'AccessCodeRedeemed'],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_access_codes');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    for (const recorded of events) {
      const event = recorded as unknown as AccessCodeEvent;
      switch (event.type) {
        case 'AccessCodeCreated':
          await tx.query(
            `INSERT INTO rm_access_codes (code_id, code_hash, label, grants_hours, expires_at, max_uses, created_by, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              event.data.codeId,
              event.data.codeHash,
              event.data.label,
              event.data.grantsHours,
              event.data.expiresAt,
              event.data.maxUses,
              event.data.createdBy,
              recorded.metadata.occurredAt,
            ],
          );
          break;
        case 'AccessCodeDisabled':
          await tx.query('UPDATE rm_access_codes SET disabled = true WHERE code_id = $1', [event.data.codeId]);
          break;
        case 'AccessCodeRedeemed':
          await tx.query('UPDATE rm_access_codes SET uses = uses + 1 WHERE code_id = $1', [event.data.codeId]);
          break;
      }
    }
  },
};
