import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { agentAccessStream } from '../../../src/modules/access/contracts/access-streams.js';
import type { AgentAccessEvent } from '../../../src/modules/access/domain/agent-access.decider.js';
import { newEvent, userRequestContext } from '../../../src/platform/event-store/new-event.js';
import { useIsolatedStore } from '../../../test/support/isolated-database.js';
import { liveThenRebuilt } from '../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../test/support/test-databases.js';
import { ACCESS_TOPIC, agentAccessProjection } from './agent-access.projection.js';

const ROWS = 'SELECT user_id, elevated_until, changed_at FROM rm_agent_access ORDER BY user_id';

for (const database of oneDatabase()) {
  describeOn(database, `agent-access projection on ${database.name}`, () => {
    const db = useIsolatedStore(database);

    it("keeps each agent's access as last granted or revoked, tells that agent, and a rebuild gives the same rows", async () => {
      const [granted, regranted, revoked, onlyFailed] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()].sort();
      const at = (iso: string) => new Date(iso);
      const append = async (userId: string, events: AgentAccessEvent[], occurredAt: string) => {
        const stream = agentAccessStream(userId);
        const ctx = userRequestContext(userId, undefined, at(occurredAt));
        const current = await db.store.readStream(stream);
        await db.store.append(
          stream,
          events.map((e) => newEvent(e.type, e.data, ctx)),
          { expectedVersion: current.length === 0 ? 'no_stream' : BigInt(current.length) },
        );
      };
      const grant = (userId: string, expiresAt: string): AgentAccessEvent => ({
        type: 'ElevatedAccessGranted',
        data: { userId, codeId: randomUUID(), expiresAt },
      });
      const failed = (userId: string): AgentAccessEvent => ({ type: 'AccessCodeAttemptFailed', data: { userId, at: '2030-01-01T09:00:00.000Z' } });

      await append(granted!, [failed(granted!), grant(granted!, '2030-01-01T13:00:00.000Z')], '2030-01-01T09:00:00.000Z');
      await append(regranted!, [grant(regranted!, '2030-01-01T10:00:00.000Z')], '2030-01-01T09:00:00.000Z');
      await append(regranted!, [grant(regranted!, '2030-01-02T10:00:00.000Z')], '2030-01-02T09:00:00.000Z');
      await append(revoked!, [grant(revoked!, '2030-01-01T12:00:00.000Z')], '2030-01-01T08:00:00.000Z');
      await append(revoked!, [{ type: 'ElevatedAccessRevoked', data: { userId: revoked! } }], '2030-01-01T08:30:00.000Z');
      await append(onlyFailed!, [failed(onlyFailed!)], '2030-01-01T09:00:00.000Z');

      const { live, rebuilt, changes } = await liveThenRebuilt(db.store, db.pool, agentAccessProjection, ROWS);
      expect(live).toEqual([
        { user_id: granted, elevated_until: at('2030-01-01T13:00:00.000Z'), changed_at: at('2030-01-01T09:00:00.000Z') },
        { user_id: regranted, elevated_until: at('2030-01-02T10:00:00.000Z'), changed_at: at('2030-01-02T09:00:00.000Z') },
        { user_id: revoked, elevated_until: null, changed_at: at('2030-01-01T08:30:00.000Z') },
      ]);
      // Each agent whose access changed is told, so their other tabs refresh; a failed attempt alone tells no one.
      expect(new Set(changes.map((c) => `${c.topic}:${c.userId}`))).toEqual(new Set([granted, regranted, revoked].map((u) => `${ACCESS_TOPIC}:${u}`)));
      expect(rebuilt).toEqual(live);
    });
  });
}
