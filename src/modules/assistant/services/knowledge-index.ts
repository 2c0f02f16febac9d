import MiniSearch, { type Options, type SearchResult } from 'minisearch';

import type { ScoredPassage } from '../domain/compose-answer.js';
import { alternativesOf, FACT_TERMS, indexTerm } from '../domain/terms.js';
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

/** A passage found for a question, with how well it matched (see ScoredPassage). */
export type Hit = ScoredPassage;

/** Where a passage says what it is about, as opposed to its text. */
const ABOUT_FIELDS = new Set(['heading', 'keywords', 'pageTitle']);
/** A question word found only as the start of a longer word ("home" in "homework"), or as a near spelling, matches this much. */
const PARTIAL_MATCH = 0.5;
/** What may follow a word's stem and still be the same word ("dial" in "dialer"). */
const INFLECTION = 3;

/** How much of a question's word a passage matched (the best of its alternatives), and in which fields (of every alternative matched as well). */
function matchOf(alternatives: readonly string[], fields: Record<string, string[]>, queryTerms: readonly string[]): { share: number; where: string[] } {
  const each = alternatives.map((term) => {
    if (fields[term]) return { share: 1, where: fields[term]! };
    const longer = Object.keys(fields).filter((found) => found.startsWith(term));
    const inflected = longer.filter((found) => found.length - term.length <= INFLECTION);
    if (inflected.length > 0) return { share: 1, where: inflected.flatMap((found) => fields[found]!) };
    if (longer.length > 0 || queryTerms.includes(term)) return { share: PARTIAL_MATCH, where: longer.flatMap((found) => fields[found]!) };
    return { share: 0, where: [] };
  });
  const share = Math.max(0, ...each.map((match) => match.share));
  return { share, where: [...new Set(each.filter((match) => match.share === share && share > 0).flatMap((match) => match.where))] };
}

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
    // Each word of the question, with the words that mean the same (an "upline" is a leader).
    const alternatives = new Map(words.map((word) => [word, [word, ...alternativesOf(word)]]));
    // A word weighs as much as its most common alternative tells: "upline" is on no page, but "leader" is on many.
    // The words that only say what kind of fact is asked weigh nothing, unless the question is nothing else.
    const weighed = (word: string) => !FACT_TERMS.has(word) || words.every((other) => FACT_TERMS.has(other));
    const weights = new Map(words.map((word) => [word, weighed(word) ? Math.min(...alternatives.get(word)!.map((term) => this.rarity(term))) : 0]));
    const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
    const query = [...new Set([...alternatives.values()].flat())].join(' ');
    return this.search
      .search(query, { filter: (result) => allowed(this.byId.get(String(result.id))!), processTerm: (term) => term })
      .slice(0, limit)
      .flatMap((result: SearchResult) => {
        const passage = this.byId.get(String(result.id));
        if (!passage) return [];
        const fields = result.match as Record<string, string[]>;
        let matched = 0;
        let about = 0;
        let plain = 0;
        const found: string[] = [];
        for (const word of words) {
          const weight = weights.get(word)!;
          const { share, where } = matchOf(alternatives.get(word)!, fields, result.queryTerms);
          matched += share * weight;
          plain += share;
          if (share > 0) found.push(word);
          if (where.some((field) => ABOUT_FIELDS.has(field))) about += share * weight;
        }
        return [{ passage, score: result.score, coverage: matched / total, about: about / total, plain: plain / words.length, terms: words, matched: found }];
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
