import { chosenPassages, PASSAGES_WEIGHED } from '../domain/compose-answer.js';
import { intentOf, type Intent } from '../domain/intent.js';
import type { KnowledgeIndex } from '../services/knowledge-index.js';
import { pageOf, type Passage } from './passage.js';
import questionSet from './questions.json' with { type: 'json' };

/** What the assistant did with a question: answered it from a passage that answers it, said it does not know, or answered from one that does not. */
export type Outcome = 'right' | 'declined' | 'wrong';

export type AskedQuestion = {
  readonly question: string;
  /** The pages that answer it; empty for a question the portal cannot answer. */
  readonly pages: readonly string[];
  /** The passages that answer it, where the question set names them (else any passage of those pages is right). */
  readonly passages?: readonly string[];
  readonly heldOut?: boolean;
};

/** Every question of the set, answerable or not, as the measures read them. */
export const askedQuestions: readonly AskedQuestion[] = [
  ...questionSet.questions,
  ...questionSet.unanswerable.map((entry) => ({ ...entry, pages: [] as string[] })),
];

/** The page an answer that is no search cites: the hand-off and the asker's own figures. */
const INTENT_PAGE: Partial<Record<Intent, string>> = {
  person: '/my-tickets',
  'my-balance': '/wallet',
  'my-tickets': '/my-tickets',
  'my-course': '/prep-course/register',
};

/**
 * What became of a question answered from a passage (null: declined), or by its intent alone (a
 * page); a question the portal cannot answer is right only when declined.
 */
export function outcomeOf(asked: AskedQuestion, answeredFrom: Passage | string | null): Outcome {
  if (!answeredFrom) return 'declined';
  if (asked.pages.length === 0) return 'wrong';
  if (typeof answeredFrom === 'string') return asked.pages.includes(answeredFrom) ? 'right' : 'wrong';
  const right = asked.passages ? asked.passages.includes(answeredFrom.id) : asked.pages.includes(pageOf(answeredFrom.url));
  return right ? 'right' : 'wrong';
}

export type Tally = { readonly right: number; readonly declined: number; readonly wrong: number; readonly precision: number };

function tally(outcomes: readonly Outcome[]): Tally {
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  const [right, declined, wrong] = [count('right'), count('declined'), count('wrong')];
  return { right, declined, wrong, precision: right + wrong === 0 ? 1 : right / (right + wrong) };
}

/**
 * Retrieval quality, counted as the assistant answers: the passages it answers from (none when it
 * says it does not know), over the question set (the benchmark prints the same figures): how often
 * the page that answers a question is among the three best when it answers, how often a question
 * the portal cannot answer gets "I don't know", and right, declined and wrong answers with the
 * precision right ÷ (right + wrong), for the whole set and for the held-out questions apart.
 */
export function measureQuestionSet(index: KnowledgeIndex) {
  let top1 = 0;
  let top3 = 0;
  const outcomes: { readonly asked: AskedQuestion; readonly outcome: Outcome; readonly answeredFrom: string | null }[] = [];
  for (const asked of askedQuestions) {
    const intent = intentOf(asked.question);
    const byIntent = INTENT_PAGE[intent];
    if (intent === 'refuse' || byIntent) {
      // Refused, or answered without a search (the hand-off, the asker's own figures).
      outcomes.push({ asked, outcome: outcomeOf(asked, byIntent ?? null), answeredFrom: byIntent ?? null });
      if (byIntent && asked.pages.includes(byIntent)) [top1, top3] = [top1 + 1, top3 + 1];
      continue;
    }
    const hits = index.find(asked.question, PASSAGES_WEIGHED);
    const chosen = chosenPassages(hits, asked.question);
    outcomes.push({ asked, outcome: outcomeOf(asked, chosen[0] ?? null), answeredFrom: chosen[0]?.id ?? null });
    if (asked.pages.length === 0) continue;
    // An answer of "I don't know" cites nothing: it is a miss, whatever the index found.
    const found = chosen.length > 0 ? hits.slice(0, 3).map((hit) => pageOf(hit.passage.url)) : [];
    if (asked.pages.includes(found[0] ?? '')) top1 += 1;
    if (found.some((page) => asked.pages.includes(page))) top3 += 1;
  }
  const unanswerable = outcomes.filter(({ asked }) => asked.pages.length === 0);
  const total = questionSet.questions.length;
  return {
    questions: total,
    unanswerable: unanswerable.length,
    top1: top1 / total,
    top3: top3 / total,
    unanswerableDeclined: unanswerable.filter(({ outcome }) => outcome === 'declined').length / unanswerable.length,
    ...tally(outcomes.map(({ outcome }) => outcome)),
    heldOut: tally(outcomes.filter(({ asked }) => asked.heldOut).map(({ outcome }) => outcome)),
    /** The questions answered from a passage that does not answer them, for whoever improves the content or the rules. */
    wrongAnswers: outcomes.filter(({ outcome }) => outcome === 'wrong').map(({ asked, answeredFrom }) => ({ question: asked.question, answeredFrom })),
  };
}
