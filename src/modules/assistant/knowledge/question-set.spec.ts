import { describe, expect, it } from 'vitest';

import { KnowledgeIndex } from '../services/knowledge-index.js';
import { CONTENT_DIR } from './knowledge-file.js';
import { pageOf } from './passage.js';
import { measureQuestionSet } from './question-set.js';
import questionSet from './questions.json' with { type: 'json' };
import { readKnowledge } from './read-knowledge.js';

describe('the question set', () => {
  const index = KnowledgeIndex.build(readKnowledge(CONTENT_DIR));

  it('has at least 60 questions, each naming pages the portal has passages for, and passages that exist on them', () => {
    const pages = new Set(index.passages.map((passage) => pageOf(passage.url)));
    const passages = new Map(index.passages.map((passage) => [passage.id, pageOf(passage.url)]));
    expect(questionSet.questions.length).toBeGreaterThanOrEqual(60);
    for (const { question, pages: answering, ...named } of questionSet.questions) {
      expect(
        answering.some((page) => pages.has(page)),
        question,
      ).toBe(true);
      for (const id of 'passages' in named ? (named.passages ?? []) : []) expect(answering, `${question}: ${id}`).toContain(passages.get(id));
    }
  });

  it("has at least 40 questions in new agents' words, 15 of them ones the portal cannot answer", () => {
    const fromNewAgents = [...questionSet.questions, ...questionSet.unanswerable].filter((entry) => 'from' in entry && entry.from === 'new agents');
    expect(fromNewAgents.length).toBeGreaterThanOrEqual(40);
    expect(questionSet.unanswerable.filter((entry) => 'from' in entry && entry.from === 'new agents').length).toBeGreaterThanOrEqual(15);
    for (const entry of questionSet.questions.filter((q) => 'from' in q)) expect('passages' in entry, entry.question).toBe(true);
  });

  it('finds the answering page in the top three for at least 90% of the questions, declines everything the portal cannot answer, and is right in at least 95% of what it answers', () => {
    const measured = measureQuestionSet(index);
    expect(measured.top3).toBeGreaterThanOrEqual(0.9);
    expect(measured.unanswerableDeclined).toBe(1);
    expect(measured.precision, JSON.stringify(measured.wrongAnswers)).toBeGreaterThanOrEqual(0.95);
  });

  it('loads from its serialised form with the same answers', () => {
    const loaded = KnowledgeIndex.load(JSON.parse(JSON.stringify(index.serialise())) as ReturnType<KnowledgeIndex['serialise']>);
    expect(measureQuestionSet(loaded)).toEqual(measureQuestionSet(index));
  });
});
