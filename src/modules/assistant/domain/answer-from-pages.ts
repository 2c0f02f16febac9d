import type { Passage } from '../knowledge/passage.js';
import { choosePassages, strength, type Choice, type ScoredPassage } from './compose-answer.js';

/** How much better a guarded passage must answer than a readable one (its strength) for the asker to be told where the answer is. */
const GUARDED_LEAD = 1.5;

/** What the portal's pages give an asker: the passages they may read, or the page (behind a guard they have not passed) that holds the answer. */
export type PagesDecision = { readonly kind: 'answer'; readonly choice: Choice } | { readonly kind: 'behind-guard'; readonly passage: Passage };

/**
 * Answers from what the asker may read, unless the answer is on a page they may not open: when
 * the passage chosen from every page is one they may not read, and what they may read answers
 * nothing or far worse, they are told which page holds it and what opens it (never its content).
 * `everything` are the hits over every page, `readable` those over the pages the asker may open.
 */
export function decideFromPages(
  question: string,
  everything: readonly ScoredPassage[],
  readable: readonly ScoredPassage[],
  mayRead: (passage: Passage) => boolean,
): PagesDecision {
  const allowed = choosePassages(question, readable);
  const overall = choosePassages(question, everything);
  const guarded = overall.passages[0] && !mayRead(overall.passages[0]) ? everything.find((hit) => hit.passage === overall.passages[0]) : undefined;
  if (guarded) {
    const best = readable.find((hit) => hit.passage === allowed.passages[0]);
    if (!best || strength(guarded) > GUARDED_LEAD * strength(best)) return { kind: 'behind-guard', passage: guarded.passage };
  }
  return { kind: 'answer', choice: allowed };
}
