import { describe, expect, it } from 'vitest';

import { KnowledgeIndex } from '../services/knowledge-index.js';
import { CONTENT_DIR } from './knowledge-file.js';
import { pageOf } from './passage.js';
import { measureQuestionSet } from './question-set.js';
import questionSet from './questions.json' with { type: 'json' };
import { readKnowledge } from './read-knowledge.js';

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
