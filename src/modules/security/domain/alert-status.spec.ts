import { describe, expect, it } from 'vitest';

import { alertTransitionRefusal } from './alert-status.js';

describe('alert status transitions', () => {
  it('lets an alert go forward only: active → acknowledged → resolved, or active → resolved', () => {
    expect(alertTransitionRefusal('active', 'acknowledged')).toBeNull();
    expect(alertTransitionRefusal('active', 'resolved')).toBeNull();
    expect(alertTransitionRefusal('acknowledged', 'resolved')).toBeNull();
  });

  it('refuses going back, repeating a step, and any change to a resolved alert', () => {
    expect(alertTransitionRefusal('acknowledged', 'acknowledged')).toBe('This alert is already acknowledged.');
    expect(alertTransitionRefusal('acknowledged', 'active')).toBe('An acknowledged alert cannot be marked active.');
    expect(alertTransitionRefusal('active', 'active')).toBe('This alert is already active.');
    for (const to of ['active', 'acknowledged', 'resolved'] as const) {
      expect(alertTransitionRefusal('resolved', to)).toBe('This alert is already resolved; a resolved alert cannot be changed.');
    }
  });
});
