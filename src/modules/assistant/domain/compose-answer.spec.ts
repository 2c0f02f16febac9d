import { describe, expect, it } from 'vitest';

import type { Passage } from '../knowledge/passage.js';
import { askedFact, choosePassages, DECLINE_MARGIN, isConfident, LOW_MARGIN, states, type ScoredPassage } from './compose-answer.js';

const passage = (id: string, heading = id, text = ''): Passage => ({ id, url: `/${id}`, pageTitle: id, heading, text, keywords: [] });
const hit = (score: number, coverage: number, more: Partial<ScoredPassage> = {}): ScoredPassage => ({
  passage: passage('p1'),
  score,
  coverage,
  about: coverage,
  plain: 1,
  terms: ['a', 'b', 'c'],
  matched: ['a', 'b', 'c'],
  ...more,
});

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

  it('declines a passage that has the question only in its text, unless it has nearly all of it', () => {
    expect(isConfident(hit(100, 0.6, { about: 0 }))).toBe(false);
    expect(isConfident(hit(100, 0.6, { about: 0.1 }))).toBe(true);
    expect(isConfident(hit(100, 0.75, { about: 0 }))).toBe(true);
  });

  it('declines a passage that matched less than a third of the words asked, however rare the one it matched', () => {
    // "the wifi password in the training room": only "password" is in the sign-in help.
    expect(isConfident(hit(120, 0.31, { plain: 0.25 }))).toBe(false);
    expect(isConfident(hit(120, 0.31, { plain: 1 / 3 }))).toBe(true);
  });
});

describe('the kind of fact a question asks, and whether a passage states it', () => {
  it.each([
    ['When is my first day?', 'time'],
    ['What time does the prep class start?', 'time'],
    ['How much does licensing cost?', 'price'],
    ['What does fingerprinting cost?', 'price'],
    ['how much money is it to get licensed', 'price'],
    ['How do I buy leads and how much do they cost?', 'any'],
    ['When is my first day and where do I show up?', 'time'],
    ['What does Avg Cost/Lead on the dashboard mean?', 'any'],
    ['How do I return a bad lead?', 'any'],
  ])('%s → %s', (question, fact) => {
    expect(askedFact(question)).toBe(fact);
  });

  it('takes a time from a clock time, a weekday or a duration, and a price from a dollar amount or "free"', () => {
    expect(states('time', passage('d', 'Day 1', 'We meet in the training room at 8:45 AM.'))).toBe(true);
    expect(states('time', passage('s', 'Bonus statements', 'Every Monday morning a bonus run is prepared.'))).toBe(true);
    expect(states('time', passage('c', 'Contracting', 'It takes 3-5 business days.'))).toBe(true);
    expect(states('time', passage('l', 'My Leads', 'Filter the list and export it as CSV.'))).toBe(false);
    expect(states('price', passage('e', 'Step 2: Exam Scheduling ($44)', 'Schedule your exam.'))).toBe(true);
    expect(states('price', passage('f', 'Contracting', 'Contracting is free.'))).toBe(true);
    expect(states('price', passage('b', 'Buying leads', 'Buy Leads offers three sources.'))).toBe(false);
    expect(states('any', passage('b', 'Buying leads', 'Buy Leads offers three sources.'))).toBe(true);
  });
});

describe('choosing the passages of an answer', () => {
  const day = (week: number, number: number, text: string) => passage(`w${week}-d${number}`, `East Tampa week ${week}, day ${number}: a day`, text);

  it('answers a question about a day from that day, however many of its words another day has', () => {
    const hits = [
      hit(120, 0.7, { passage: day(2, 3, 'Follow up on the first day you called, at 9:00 AM.') }),
      hit(100, 0.6, { passage: day(1, 1, 'We meet in the training room at 8:45 AM.') }),
    ];
    expect(choosePassages('When is my first day of training?', hits).passages.map((p) => p.id)).toEqual(['w1-d1']);
    expect(choosePassages('What happens in week 2?', hits).passages.map((p) => p.id)).toEqual(['w2-d3']);
  });

  it('does not answer a "when" question from a passage without a time, nor a "how much" one from a passage without a price', () => {
    const leads = hit(200, 0.8, { passage: passage('my-leads', 'My Leads', 'Each lead shows its deliveries.') });
    expect(choosePassages('When do I show up?', [leads]).passages).toEqual([]);
    expect(choosePassages('How do I show my leads?', [leads]).passages).toHaveLength(1);
    expect(choosePassages('How much do my leads cost?', [leads]).passages).toEqual([]);
  });

  it('does not answer from a passage that matched only the kind of fact asked, or from one that lacks a word of a two-word question', () => {
    const costs = passage('costs', 'What it costs: licensing costs $181 in all', 'Getting licensed costs $181.');
    // "how do I buy leads and how much do they cost": the licensing costs match "much" and "cost" only.
    expect(
      choosePassages('how much do leads cost', [hit(300, 0.5, { passage: costs, terms: ['much', 'lead', 'cost'], matched: ['much', 'cost'] })]).passages,
    ).toEqual([]);
    // "Do I get paid for training?": the bonus statements say when bonuses are paid, nothing of training.
    const paid = hit(40, 0.74, { passage: passage('bonus-statements'), terms: ['paid', 'train'], matched: ['paid'], plain: 0.5 });
    expect(choosePassages('Do I get paid for training?', [paid]).passages).toEqual([]);
    // "How do campaigns work?": "work" says nothing of what is asked.
    const campaigns = hit(50, 0.6, { passage: passage('campaigns'), terms: ['campaign', 'work'], matched: ['campaign'], plain: 0.5 });
    expect(choosePassages('How do campaigns work?', [campaigns]).passages).toHaveLength(1);
  });

  it('declines when a passage on another topic fits nearly as well, and marks an answer given with a low margin', () => {
    const best = (score: number) => hit(score, 1, { passage: passage('leadership', 'East Tampa Leadership Team: contacts', 'Marcus Bell, Division Leader.') });
    const other = hit(100, 1, {
      passage: passage('state', 'Florida Department of Financial Services: licence applications', 'The state insurance department portal.'),
    });
    expect(choosePassages('who do I call', [best(100 * DECLINE_MARGIN - 0.01), other])).toMatchObject({ passages: [], lowMargin: false });
    const near = choosePassages('who do I call', [best(100 * DECLINE_MARGIN), other]);
    expect([near.passages[0]?.id, near.lowMargin]).toEqual(['leadership', true]);
    const ahead = choosePassages('who do I call', [best(100 * LOW_MARGIN), other]);
    expect([ahead.passages[0]?.id, ahead.lowMargin]).toEqual(['leadership', false]);
    // Another division's copy of the same team is no rival.
    const copy = hit(100, 1, { passage: passage('west', 'West Tampa Leadership Team: contacts', 'Jordan Reyes, Division Leader.') });
    expect(choosePassages('who do I call', [best(100), copy])).toMatchObject({
      passages: [{ id: 'leadership' }],
      margin: null,
    });
  });
});
