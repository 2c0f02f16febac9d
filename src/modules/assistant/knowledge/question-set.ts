import { chosenPassages, isConfident } from '../domain/compose-answer.js';
import type { KnowledgeIndex } from '../services/knowledge-index.js';
import { pageOf } from './passage.js';
import questionSet from './questions.json' with { type: 'json' };

/**
 * Retrieval quality, counted as the assistant answers: the pages of the three best passages when it is confident enough to answer, none when it says it does not know. Then over the question set (the benchmark prints the same rates): not hand-picked
 * strings, but how often the page that answers a question is among the cited ones, and how
 * often a question the portal cannot answer gets "I don't know".
 */
export function measureQuestionSet(index: KnowledgeIndex) {
  let top1 = 0;
  let top3 = 0;
  for (const { question, pages } of questionSet.questions) {
    const hits = index.find(question, 3);
    // An answer of "I don't know" cites nothing: it is a miss, whatever the index found.
    const found = hits[0] && isConfident(hits[0]) ? hits.map((hit) => pageOf(hit.passage.url)) : [];
    if (pages.includes(found[0] ?? '')) top1 += 1;
    if (found.some((page) => pages.includes(page))) top3 += 1;
  }
  const declined = questionSet.unanswerable.filter((question) => chosenPassages(index.find(question)).length === 0).length;
  const total = questionSet.questions.length;
  return { questions: total, top1: top1 / total, top3: top3 / total, declined: declined / questionSet.unanswerable.length };
}
