import { describe, expect, it } from 'vitest';

import type { Passage } from '../knowledge/passage.js';
import { isConfident } from './compose-answer.js';

const passage = { id: 'p1' } as unknown as Passage;
const hit = (score: number, coverage: number) => ({ passage, score, coverage });

describe('when the assistant answers rather than declines', () => {
  it('answers at each bar of score and coverage, and declines just under either', () => {
    for (const [score, coverage] of [
      [10, 0.55],
      [30, 0.45],
      [60, 0.3],
    ] as const) {
      expect(isConfident(hit(score, coverage)), `${score}/${coverage}`).toBe(true);
      // Just under the score: the bar below asks for more of the question.
      expect(isConfident(hit(score - 0.001, coverage)), `${score - 0.001}/${coverage}`).toBe(false);
      expect(isConfident(hit(score, coverage - 0.001)), `${score}/${coverage - 0.001}`).toBe(false);
    }
    expect(isConfident(hit(1_000, 0.299))).toBe(false);
    expect(isConfident(hit(9.999, 1))).toBe(false);
  });
});
