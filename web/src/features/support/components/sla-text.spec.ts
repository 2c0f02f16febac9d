import { describe, expect, it } from 'vitest';

import type { SlaClock } from '../api/support';
import { agentSlaText, shownClock, toneOf } from './sla-text';

const HOUR = 3_600_000;
const clock = (state: SlaClock['state'], remainingMs: number, label: string, counting = state === 'running' || state === 'breached'): SlaClock => ({
  dueAt: null,
  warnAt: null,
  remainingMs,
  state,
  counting,
  label,
});

describe('SLA clocks as the support screens show them', () => {
  it('are red once overdue, amber with less than an hour left, muted when met or paused', () => {
    expect(toneOf(clock('breached', -5 * 60_000, '5m overdue'))).toBe('overdue');
    expect(toneOf(clock('running', HOUR - 60_000, '59m left'))).toBe('due-soon');
    expect(toneOf(clock('running', HOUR, '1h 0m left'))).toBe('running');
    expect(toneOf(clock('paused', 10 * 60_000, 'Paused, 10m left'))).toBe('quiet');
    expect(toneOf(clock('met', 0, 'Met'))).toBe('quiet');
  });

  it('list the first response while it still counts, the resolution after', () => {
    const resolution = clock('running', 20 * HOUR, '20h 0m left');
    expect(shownClock({ firstResponse: clock('running', 3 * HOUR, '3h 0m left'), resolution }).name).toBe('First response');
    expect(shownClock({ firstResponse: clock('met', 0, 'Met', false), resolution })).toEqual({ name: 'Resolution', clock: resolution });
  });

  it('tell the agent the time left, that it waits on them, or that it was resolved in time', () => {
    const firstResponse = clock('met', 0, 'Met', false);
    expect(agentSlaText({ firstResponse, resolution: clock('running', 3 * HOUR, '3h 20m left') })).toBe('Expected resolution: 3h 20m left (business hours)');
    expect(agentSlaText({ firstResponse, resolution: clock('paused', 3 * HOUR, 'Paused, 3h 20m left') })).toBe(
      'Expected resolution: on hold until you reply (3h 20m left in business hours)',
    );
    expect(agentSlaText({ firstResponse, resolution: clock('met', 0, 'Met', false) })).toBe('Resolved in time');
    expect(agentSlaText({ firstResponse, resolution: clock('breached', -HOUR, '1h 0m overdue', false) })).toBe('Resolved');
    expect(agentSlaText({ firstResponse, resolution: clock('breached', -HOUR, '1h 0m overdue') })).toBe('Expected resolution: 1h 0m overdue (business hours)');
    expect(agentSlaText(null)).toBeNull();
  });
});
