import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { stemmer } from 'stemmer';

import type { Passage } from '../knowledge/passage.js';

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

type IndexedPassage = Passage;

const OPTIONS: Options<IndexedPassage> = {
  idField: 'id',
  fields: ['heading', 'keywords', 'text', 'pageTitle'],
  extractField: (passage, field) => (field === 'keywords' ? passage.keywords.join(' ') : String(passage[field as keyof Passage] ?? '')),
  processTerm: indexTerm,
  searchOptions: {
    boost: { heading: 2, keywords: 2.5, pageTitle: 1.2, text: 1 },
    // Typos in longer words only: a one-letter slip in a short word is another word.
    fuzzy: (term) => (term.length > 5 ? 0.2 : false),
    prefix: (term) => term.length > 3,
    combineWith: 'OR',
  },
};

/** A passage found for a question: its BM25 score and the share of the question's words it matched. */
export type Hit = { readonly passage: Passage; readonly score: number; readonly coverage: number };

/**
 * Full-text retrieval over the portal's passages (MiniSearch: BM25 with field boosts, prefix
 * and fuzzy matching). Built at build time; a portal loads the serialised index.
 */
export class KnowledgeIndex {
  private readonly byId: Map<string, Passage>;

  private constructor(
    readonly passages: readonly Passage[],
    private readonly search: MiniSearch<IndexedPassage>,
  ) {
    this.byId = new Map(passages.map((passage) => [passage.id, passage]));
  }

  static build(passages: readonly Passage[]): KnowledgeIndex {
    const search = new MiniSearch<IndexedPassage>(OPTIONS);
    search.addAll([...passages]);
    return new KnowledgeIndex(passages, search);
  }

  static load(serialised: { passages: Passage[]; index: string }): KnowledgeIndex {
    return new KnowledgeIndex(serialised.passages, MiniSearch.loadJSON<IndexedPassage>(serialised.index, OPTIONS));
  }

  serialise(): { passages: Passage[]; index: string } {
    return { passages: [...this.passages], index: JSON.stringify(this.search) };
  }

  /** The best passages for a question, best first. */
  find(question: string, limit = 5): Hit[] {
    const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
    const words = new Set(
      tokenize(question)
        .map((token) => indexTerm(token))
        .filter((term): term is string => Boolean(term)),
    );
    if (words.size === 0) return [];
    return this.search
      .search(question)
      .slice(0, limit)
      .flatMap((result: SearchResult) => {
        const passage = this.byId.get(String(result.id));
        if (!passage) return [];
        const matched = new Set<string>(result.queryTerms);
        const coverage = [...words].filter((word) => matched.has(word)).length / words.size;
        return [{ passage, score: result.score, coverage }];
      });
  }
}
