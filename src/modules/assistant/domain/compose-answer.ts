import { pageOf, type Passage } from '../knowledge/passage.js';

/** A page an answer came from, as the dialog links it. */
export type Source = { readonly title: string; readonly url: string };

/** What the assistant says: the text, the pages it came from, and whether it offers a help request. */
export type AssistantAnswer = {
  readonly message: string;
  readonly sources: readonly Source[];
  /** False when the portal's pages did not answer it (an admin sees these questions). */
  readonly answered: boolean;
  /** The dialog offers to open a help request with the conversation. */
  readonly handoff: boolean;
};

export type ScoredPassage = { readonly passage: Passage; readonly score: number; readonly coverage: number };

/**
 * Below these the best passage is a guess: a score that low, or a passage that matched less than
 * this share of the question's words (unless its score alone is decisive). Measured on the
 * question set (questions.json): its answerable questions stay above, its unanswerable below.
 */
export const MIN_SCORE = 10;
export const MIN_COVERAGE = 0.4;
export const DECISIVE_SCORE = 30;
/** A second passage is added when it scores at least this share of the first. */
const SECOND_PASSAGE_SHARE = 0.8;

export const DONT_KNOW =
  "I don't know that from the portal's pages, and I'd rather not guess. I can open a help request with this conversation attached so the support team can answer.";

export const isConfident = (hit: ScoredPassage): boolean => hit.score >= DECISIVE_SCORE || (hit.score >= MIN_SCORE && hit.coverage >= MIN_COVERAGE);

/** The passages an answer is made of: the best one, and the next when it is nearly as good and about something else. */
export function chosenPassages(hits: readonly ScoredPassage[]): Passage[] {
  const [best, next] = hits;
  if (!best || !isConfident(best)) return [];
  const chosen = [best.passage];
  if (next && isConfident(next) && next.score >= best.score * SECOND_PASSAGE_SHARE && next.passage.text !== best.passage.text) chosen.push(next.passage);
  return chosen;
}

export function sourcesOf(passages: readonly Passage[]): Source[] {
  const seen = new Map<string, Source>();
  for (const passage of passages) {
    const page = pageOf(passage.url);
    if (!seen.has(page)) seen.set(page, { title: passage.pageTitle, url: passage.url });
  }
  return [...seen.values()];
}

/** The answer made of the passages themselves (no language model): their texts, citing their pages; or "I don't know". */
export function retrievalAnswer(passages: readonly Passage[], texts: ReadonlyMap<string, string> = new Map()): AssistantAnswer {
  if (passages.length === 0) return { message: DONT_KNOW, sources: [], answered: false, handoff: true };
  const message = passages.map((passage) => texts.get(passage.id) ?? passage.text).join('\n\n');
  return { message, sources: sourcesOf(passages), answered: true, handoff: false };
}
