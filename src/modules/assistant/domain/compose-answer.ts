import { pageOf, type Passage } from '../knowledge/passage.js';
import { fitsReference, scheduleReferenceOf } from './schedule-reference.js';
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

/**
 * A passage found for a question: its BM25 score, the share of the question's words it matched
 * (each word weighed by how rare it is; a word found only as the start of a longer one, "home" in
 * "homework", counts half), the share it matched in what the passage is about (its heading,
 * keywords or page title) rather than only in its text, and the share of the words matched each
 * counting the same.
 */
/** What an answer from the pages rested on, kept with it for admins: the passages it used, and how far the best was ahead of the best on another topic. */
export type AnswerGrounds = { readonly passageIds: readonly string[]; readonly margin: number | null; readonly lowMargin: boolean };

/** An answer with what it rested on (none for an answer that is no search: small talk, the asker's own figures). */
export type GroundedAnswer = AssistantAnswer & { readonly grounds?: AnswerGrounds };

export type ScoredPassage = {
  readonly passage: Passage;
  readonly score: number;
  readonly coverage: number;
  readonly about: number;
  readonly plain: number;
  /** The question's words (as the index keeps them), and those of them the passage matched. */
  readonly terms: readonly string[];
  readonly matched: readonly string[];
};

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
/**
 * A passage that matches the question only somewhere in its text, nothing of it in what the
 * passage is about (heading, keywords, page title), is about something else ("show" in "each lead
 * shows its deliveries"), unless it matched nearly all of the question.
 */
const ABOUT_BAR = 0.1;
const TEXT_ONLY_COVERAGE = 0.75;
/**
 * How far ahead of the best passage on another topic the chosen one must be (its strength, score
 * × coverage, over the other's): nearer than DECLINE_MARGIN the question fits two answers and the
 * assistant does not pick one; nearer than LOW_MARGIN it answers, and the answer is listed for
 * admins as given with a low margin.
 */
export const DECLINE_MARGIN = 1.05;
export const LOW_MARGIN = 1.25;
/** How many of the index's best passages a choice weighs: the three divisions' copies of a day take three places. */
export const PASSAGES_WEIGHED = 12;
/** A second passage is added when it scores at least this share of the first. */
const SECOND_PASSAGE_SHARE = 0.8;

export const REFUSED =
  "I can't help with that. I answer from the portal's own pages and about your own account only: I never share other people's details, and I don't change how I work.";

export const DONT_KNOW =
  "I don't know that from the portal's pages, and I'd rather not guess. I can open a help request with this conversation attached so the support team can answer.";

/**
 * The share of the question's words, each counted the same, a passage must match: weighed by
 * rarity, one rare word can carry a long question ("password" of "the wifi password in the
 * training room"), but a passage that has less than a third of what was asked is about something else.
 */
const PLAIN_BAR = 1 / 3;

export const isConfident = (hit: ScoredPassage): boolean =>
  CONFIDENT.some((bar) => hit.score >= bar.score && hit.coverage >= bar.coverage) &&
  (hit.about >= ABOUT_BAR || hit.coverage >= TEXT_ONLY_COVERAGE) &&
  hit.plain >= PLAIN_BAR;

/** What kind of fact a question asks for, where its words say: a time or date, or a price. */
export type AskedFact = 'time' | 'price' | 'any';

const ASKS_TIME = /^\s*(when|what time|what day|how soon|how early)\b|\bwhat time\b/i;
const ASKS_PRICE =
  /\bhow much\b.*\b(cost|costs|fee|fees|price|charge|charged|pay|money)\b|\b(cost|price|fee) of\b|\bwhat (does|do|is|are)\b.*\b(cost|price|fee|fees)\s*\??\s*$/i;

/** Where a question that asks two things ("how do I buy leads and how much do they cost") asks the second. */
const SECOND_QUESTION = /\band (how|what|when|where|who|which)\b/i;

/** The kind of fact the question asks first: of "how do I buy leads and how much do they cost", none in particular; of "when is my first day and where do I go", a time. */
export function askedFact(question: string): AskedFact {
  const first = question.split(SECOND_QUESTION)[0] ?? question;
  if (ASKS_TIME.test(first)) return 'time';
  if (ASKS_PRICE.test(first)) return 'price';
  return 'any';
}

const STATES_TIME =
  /\b\d{1,2}(:\d{2})?\s*(AM|PM)\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|weekly|every week|daily|morning|today|day one|day 1)\b|\b\d+(\s*[-–]\s*\d+)?\s*(business\s+)?(minutes?|hours?|days?|weeks?|months?)\b|\bweek \d|\bday \d/i;
const STATES_PRICE = /\$\s?\d|\bfree\b/i;

/** Whether a passage can answer the kind of fact asked: a "when" question needs a time or date in it, a "how much" question a price. */
export function states(fact: AskedFact, passage: Pick<Passage, 'heading' | 'text'>): boolean {
  const said = `${passage.heading}. ${passage.text}`;
  if (fact === 'time') return STATES_TIME.test(said);
  if (fact === 'price') return STATES_PRICE.test(said);
  return true;
}

/** The words that say what kind of fact is asked, not what it is about: "how much does the exam cost" is about the exam. */
const FACT_WORDS = new Set(
  ['when', 'time', 'day', 'long', 'soon', 'early', 'much', 'many', 'cost', 'price', 'fee', 'pay', 'paid', 'charge', 'money', 'expensive'].flatMap(
    (word) => indexTerm(word) ?? [],
  ),
);

/** Words that carry no subject in a short question ("how do campaigns work", "what does C2C mean", "the portal"). */
const GENERIC_WORDS = new Set(['work', 'mean', 'use', 'happen', 'do', 'portal'].flatMap((word) => indexTerm(word) ?? []));

/**
 * Whether a passage answers what the question is about, beyond the words it shares: a passage
 * that matches only the kind of fact asked ("how much", "when") states some other thing's price
 * or date, and a question of one or two words ("paid for training") is answered only by a
 * passage that has them all.
 */
function answersSubject(hit: ScoredPassage): boolean {
  const subject = hit.terms.filter((term) => !FACT_WORDS.has(term));
  if (subject.length > 0 && !hit.matched.some((term) => subject.includes(term))) return false;
  const needed = subject.filter((term) => !GENERIC_WORDS.has(term));
  return needed.length > 2 || needed.every((term) => hit.matched.includes(term));
}

/** How a choice was made: the passages (none: "I don't know"), how far the best was ahead of the best on another topic, and whether that was little. */
export type Choice = { readonly passages: Passage[]; readonly margin: number | null; readonly lowMargin: boolean };

/** How well a passage answers: its score by the share of the question it matched. */
export const strength = (hit: ScoredPassage) => hit.score * hit.coverage;

/**
 * The passages an answer is made of: the best one that is confident, answers what the question
 * is about, states the kind of fact asked and is of the day or week it names, and the next when it
 * is nearly as good and about something else. None when no passage is all that, or when a
 * passage on another topic fits the question nearly as well (the margin).
 */
export function choosePassages(question: string, hits: readonly ScoredPassage[]): Choice {
  const fact = askedFact(question);
  const reference = scheduleReferenceOf(question);
  const candidates = hits
    .filter((hit) => fitsReference(reference, hit.passage.heading) && isConfident(hit) && answersSubject(hit))
    .sort((a, b) => strength(b) - strength(a));
  const fitting = candidates.filter((hit) => states(fact, hit.passage));
  const [best] = fitting;
  if (!best) return { passages: [], margin: null, lowMargin: false };
  const rival = fitting.find((hit) => hit !== best && !sameTopic(best.passage, hit.passage));
  const margin = rival ? strength(best) / Math.max(strength(rival), Number.EPSILON) : null;
  if (margin !== null && margin < DECLINE_MARGIN) return { passages: [], margin, lowMargin: false };
  const chosen = [best.passage];
  const next = fitting[1];
  if (next && next.score >= best.score * SECOND_PASSAGE_SHARE && !sameTopic(best.passage, next.passage)) chosen.push(next.passage);
  return { passages: chosen, margin, lowMargin: margin !== null && margin < LOW_MARGIN };
}

/** The passages an answer is made of (see choosePassages). */
export const chosenPassages = (hits: readonly ScoredPassage[], question = ''): Passage[] => choosePassages(question, hits).passages;

/** Two divisions' versions of one day (or team): the same heading but for the division's name (before its first comma or colon; a heading without either is its own topic). */
const topicOf = (passage: Passage) => (/[,:]/.test(passage.heading) ? passage.heading.replace(/^[^,:]*/, '') : passage.heading);
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
