import MiniSearch, { type Options, type SearchResult } from 'minisearch';

import { indexTerm } from '../domain/terms.js';
import type { Passage } from '../knowledge/passage.js';

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

/** A passage found for a question: its BM25 score and the share of the question's words it matched, each word weighed by how rare it is. */
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
  find(question: string, limit = 5, allowed: (passage: Passage) => boolean = () => true): Hit[] {
    const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
    const words = [
      ...new Set(
        tokenize(question)
          .map((token) => indexTerm(token))
          .filter((term): term is string => Boolean(term)),
      ),
    ];
    if (words.length === 0) return [];
    const weights = new Map(words.map((word) => [word, this.rarity(word)]));
    const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
    return this.search
      .search(question, { filter: (result) => allowed(this.byId.get(String(result.id))!) })
      .slice(0, limit)
      .flatMap((result: SearchResult) => {
        const passage = this.byId.get(String(result.id));
        if (!passage) return [];
        const matched = new Set<string>(result.queryTerms);
        const coverage = words.filter((word) => matched.has(word)).reduce((sum, word) => sum + weights.get(word)!, 0) / total;
        return [{ passage, score: result.score, coverage }];
      });
  }

  /**
   * How much a word of the question tells (its inverse document frequency): a word no passage
   * has ("weather") weighs most, one most passages have ("Tampa") little. A passage that matches
   * only the common words of a question has not answered it.
   */
  private rarity(word: string): number {
    const found = this.search.search(word, { processTerm: (term) => term, fuzzy: false, prefix: false }).length;
    return Math.log(1 + this.passages.length / (found + 1));
  }
}
