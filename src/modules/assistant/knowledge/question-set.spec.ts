import { describe, expect, it } from 'vitest';

import { chosenPassages } from '../domain/compose-answer.js';
import { KnowledgeIndex } from '../services/knowledge-index.js';
import { CONTENT_DIR } from './knowledge-file.js';
import { pageOf } from './passage.js';
import questionSet from './questions.json' with { type: 'json' };
import { readKnowledge } from './read-knowledge.js';

/**
 * Retrieval quality over the question set (the benchmark prints the same rates): not hand-picked
 * strings, but how often the page that answers a question is among the cited ones, and how
 * often a question the portal cannot answer gets "I don't know".
 */
export function measureQuestionSet(index: KnowledgeIndex) {
  let top1 = 0;
  let top3 = 0;
  for (const { question, pages } of questionSet.questions) {
    const found = index.find(question, 3).map((hit) => pageOf(hit.passage.url));
    if (pages.includes(found[0] ?? '')) top1 += 1;
    if (found.some((page) => pages.includes(page))) top3 += 1;
  }
  const declined = questionSet.unanswerable.filter((question) => chosenPassages(index.find(question)).length === 0).length;
  const total = questionSet.questions.length;
  return { questions: total, top1: top1 / total, top3: top3 / total, declined: declined / questionSet.unanswerable.length };
}

describe('the question set', () => {
  const index = KnowledgeIndex.build(readKnowledge(CONTENT_DIR));

  it('has at least 60 questions, each naming pages the portal has passages for', () => {
    const pages = new Set(index.passages.map((passage) => pageOf(passage.url)));
    expect(questionSet.questions.length).toBeGreaterThanOrEqual(60);
    for (const { pages: answering } of questionSet.questions) expect(answering.some((page) => pages.has(page))).toBe(true);
  });

  it('finds the answering page in the top three for at least 90% of the questions, and declines at least 90% of what the portal cannot answer', () => {
    const measured = measureQuestionSet(index);
    expect(measured.top3).toBeGreaterThanOrEqual(0.9);
    expect(measured.declined).toBeGreaterThanOrEqual(0.9);
  });

  it('loads from its serialised form with the same answers', () => {
    const loaded = KnowledgeIndex.load(JSON.parse(JSON.stringify(index.serialise())) as ReturnType<KnowledgeIndex['serialise']>);
    expect(measureQuestionSet(loaded)).toEqual(measureQuestionSet(index));
  });
});
