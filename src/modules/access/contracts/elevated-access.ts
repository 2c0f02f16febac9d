import { fold } from '../../../platform/domain/decider.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { agentAccessDecider, hasElevatedAccess, type AgentAccessEvent } from '../domain/agent-access.decider.js';
import { agentAccessStream } from './access-streams.js';

/** Until when the user has elevated access from an access code, or null. Read from the write model: never stale. */
export async function elevatedAccessUntil(store: EventStore, userId: string, now = new Date()): Promise<Date | null> {
  const events = (await store.readStream(agentAccessStream(userId))) as unknown as AgentAccessEvent[];
  const state = fold(agentAccessDecider, events);
  return hasElevatedAccess(state, now) ? new Date(state.elevatedUntil!) : null;
}
