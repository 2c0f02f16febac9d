import { describe, expect, it } from 'vitest';

import { statementRange } from './statement-range.js';

describe('a statement range', () => {
  it('takes at most 731 days, counted as calendar days', () => {
    expect(statementRange.safeParse({ from: '2024-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(statementRange.safeParse({ from: '2024-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(statementRange.safeParse({ from: '2026-03-01', to: '2026-03-31' }).success).toBe(true);
  });
});
