import { describe, expect, it } from 'vitest';

import { mayRead, type AskerAccess, type Passage } from '../knowledge/passage.js';
import { decideFromPages } from './answer-from-pages.js';
import type { ScoredPassage } from './compose-answer.js';

const day: Passage = {
  id: 'east-tampa:et-w1-d1',
  url: '/weeks-et#et-w1-d1',
  pageTitle: 'East Tampa training schedule',
  heading: 'East Tampa week 1, day 1: Welcome',
  text: 'We meet in the East Tampa training room at 8:45 AM.',
  keywords: [],
  access: 'elevated',
};
const setUp: Passage = {
  id: 'onboarding:computer-setup',
  url: '/onboarding',
  pageTitle: 'Getting Started',
  heading: 'Step 6: Computer Set-Up (Day-1)',
  text: 'On day one, set up your dialer.',
  keywords: [],
};
const hit = (passage: Passage, score: number): ScoredPassage => ({
  passage,
  score,
  coverage: 1,
  about: 1,
  plain: 1,
  terms: ['first', 'dai', 'train'],
  matched: ['first', 'dai', 'train'],
});
const signedIn = (elevated: boolean): AskerAccess => ({ signedIn: true, elevated, workAccount: false });

describe('answering from the pages the asker may open', () => {
  const question = 'When is my first day of training?';
  const everything = [hit(day, 200), hit(setUp, 60)];
  const decide = (access: AskerAccess) =>
    decideFromPages(
      question,
      everything,
      everything.filter((h) => mayRead(h.passage, access)),
      (passage) => mayRead(passage, access),
    );

  it('tells an agent without an access code that the answer is on a page behind one, when what they may read answers far worse', () => {
    expect(decide(signedIn(false))).toEqual({ kind: 'behind-guard', passage: day });
  });

  it('answers from that page for an agent who may open it', () => {
    expect(decide(signedIn(true))).toMatchObject({ kind: 'answer', choice: { passages: [day] } });
  });

  it('answers from what they may read when it answers nearly as well', () => {
    const close = [hit(day, 100), hit(setUp, 90)];
    const access = signedIn(false);
    expect(
      decideFromPages(
        question,
        close,
        close.filter((h) => mayRead(h.passage, access)),
        (passage) => mayRead(passage, access),
      ),
    ).toMatchObject({ kind: 'answer', choice: { passages: [setUp] } });
  });
});
