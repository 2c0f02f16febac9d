import { stemmer } from 'stemmer';

// Words that say nothing about what is asked. "when" and "much" stay: they tell a date question
// and a price question from others.
const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for from with about into over after before under again ' +
    'i me my mine we our ours you your yours he him his she her it its they them their this that these those ' +
    'am is are was were be been being have has had do does did doing can could should would will shall may might must ' +
    'what which who whom whose how why there here please tell know want need get got just also any some all ' +
    'up out as not no yes than too very s t don dont im ive id'
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
