import { pageOf, type Passage } from '../knowledge/passage.js';
import { indexTerm } from './terms.js';

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
 * When the best passage answers the question rather than guesses: its BM25 score and the share
 * of the question's words it matched (each word weighed by its rarity, so matching only "Tampa"
 * of "the weather in Tampa" is little). A strong score needs less of the question; a weak one
 * more. Measured on the question set (questions.json): its answerable questions pass, its
 * unanswerable ones do not.
 */
const CONFIDENT: readonly { readonly score: number; readonly coverage: number }[] = [
  { score: 10, coverage: 0.55 },
  { score: 30, coverage: 0.45 },
  { score: 60, coverage: 0.3 },
];
/** A second passage is added when it scores at least this share of the first. */
const SECOND_PASSAGE_SHARE = 0.8;

export const DONT_KNOW =
  "I don't know that from the portal's pages, and I'd rather not guess. I can open a help request with this conversation attached so the support team can answer.";

export const isConfident = (hit: ScoredPassage): boolean => CONFIDENT.some((bar) => hit.score >= bar.score && hit.coverage >= bar.coverage);

/** The passages an answer is made of: the best one, and the next when it is nearly as good and about something else. */
export function chosenPassages(hits: readonly ScoredPassage[]): Passage[] {
  const [best, next] = hits;
  if (!best || !isConfident(best)) return [];
  const chosen = [best.passage];
  if (next && isConfident(next) && next.score >= best.score * SECOND_PASSAGE_SHARE && !sameTopic(best.passage, next.passage)) chosen.push(next.passage);
  return chosen;
}

/** Two divisions' versions of one day (or team): the same heading but for the division's name. */
const topicOf = (passage: Passage) => passage.heading.replace(/^[^,:]*/, '');
const sameTopic = (a: Passage, b: Passage) => a.text === b.text || topicOf(a) === topicOf(b);

export function sourcesOf(passages: readonly Passage[]): Source[] {
  const seen = new Map<string, Source>();
  for (const passage of passages) {
    const page = pageOf(passage.url);
    if (!seen.has(page)) seen.set(page, { title: passage.pageTitle, url: passage.url });
  }
  return [...seen.values()];
}

/** Longer passages (a training day) are answered with the sentences that match the question best. */
const EXCERPT_OVER = 480;
const EXCERPT_SENTENCES = 3;

const wordsOf = (text: string) => new Set(text.split(/[^\p{L}\p{N}'’$%+]+/u).flatMap((word) => indexTerm(word) ?? []));

/** The passage's text, or for a long one its heading and the sentences that share most words with the question, in their order. */
export function excerpt(passage: Passage, text: string, question: string): string {
  if (text.length <= EXCERPT_OVER) return text;
  const asked = wordsOf(question);
  const sentences = text.split(/(?<=[.!?])\s+/);
  const ranked = sentences
    .map((sentence, index) => ({ index, shared: [...wordsOf(sentence)].filter((word) => asked.has(word)).length }))
    .filter((sentence) => sentence.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, EXCERPT_SENTENCES)
    .sort((a, b) => a.index - b.index);
  const chosen = ranked.length > 0 ? ranked.map((sentence) => sentences[sentence.index]) : sentences.slice(0, EXCERPT_SENTENCES);
  return `${passage.heading}. ${chosen.join(' ')}`;
}

/** The answer made of the passages themselves (no language model): their texts (excerpts of long ones), citing their pages; or "I don't know". */
export function retrievalAnswer(passages: readonly Passage[], texts: ReadonlyMap<string, string> = new Map(), question = ''): AssistantAnswer {
  if (passages.length === 0) return { message: DONT_KNOW, sources: [], answered: false, handoff: true };
  const message = passages.map((passage) => excerpt(passage, texts.get(passage.id) ?? passage.text, question)).join('\n\n');
  return { message, sources: sourcesOf(passages), answered: true, handoff: false };
}
