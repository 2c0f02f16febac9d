import { stemmer } from 'stemmer';

// Words that say nothing about what is asked. "when" and "much" stay: they tell a date question
// and a price question from others. The second line is the rest of a common English list, and
// the third the filler of a spoken question ("am I supposed to", "is it expected").
const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for from with about into over after before under again ' +
    'i me my mine we our ours you your yours he him his she her it its they them their this that these those ' +
    'am is are was were be been being have has had do does did doing can could should would will shall may might must ' +
    'what which who whom whose how why there here please tell know want need get got just also any some all ' +
    'up out as not no yes than too very s t don dont im ive ' +
    'during each few more most other own same such only both through while until off further once below above down between nor ll re ve d m o y ' +
    'supposed expected usually actually really exactly ok okay able'
  ).split(/\s+/),
);

/** A word as the index keeps it: lower case, without stop words, stemmed ("licensing" and "license" meet). */
export function indexTerm(term: string): string | null {
  const word = term
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
  if (!word || STOP_WORDS.has(word)) return null;
  return stemmer(word);
}

/**
 * The agency's words for what the pages name otherwise, as new agents say them: an "upline" is a
 * SAT leader, a "test" the state exam, "calls" dials. A question's word also matches its
 * alternatives; it counts as answered when any of them is.
 */
const SAME_MEANING: readonly (readonly string[])[] = [
  ['upline', 'leader'],
  ['manager', 'boss', 'supervisor', 'leader'],
  ['test', 'exam'],
  ['grade', 'score', 'percentage', 'percent'],
  ['move', 'reschedule'],
  ['remember', 'forgot', 'forget'],
  ['give', 'send'],
  ['call', 'dial'],
  ['headshot', 'picture', 'pic', 'photo', 'avatar'],
  ['login', 'password'],
  ['remove', 'rid', 'delete'],
  ['stop', 'pause'],
  ['refund', 'return'],
  ['cap', 'limit'],
  ['cost', 'price', 'fee'],
  ['texting', 'sms'],
  ['licence', 'license'],
  ['arrive', 'meet'],
  ['first', '1'],
  ['second', '2'],
  ['third', '3'],
  ['fourth', '4'],
];

const ALTERNATIVES: ReadonlyMap<string, readonly string[]> = (() => {
  const byTerm = new Map<string, Set<string>>();
  for (const group of SAME_MEANING) {
    const terms = group.flatMap((word) => indexTerm(word) ?? []);
    for (const term of terms) {
      const alternatives = byTerm.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) alternatives.add(other);
      byTerm.set(term, alternatives);
    }
  }
  return new Map([...byTerm].map(([term, alternatives]) => [term, [...alternatives]]));
})();

/** The index terms that mean what a question's term means (itself excluded). */
export const alternativesOf = (term: string): readonly string[] => ALTERNATIVES.get(term) ?? [];

/**
 * Words that say what kind of fact is asked ("when", "where", "how much"), not what it is about.
 * A passage is not asked to contain them (a day's "we meet in the training room at 8:45 AM"
 * answers "when and where", without either word); whether it states such a fact is checked apart.
 */
export const FACT_TERMS: ReadonlySet<string> = new Set(
  ['when', 'where', 'time', 'long', 'soon', 'early', 'much', 'many'].flatMap((word) => indexTerm(word) ?? []),
);
