/**
 * One piece of the portal's own knowledge the assistant can answer from: a short text about one
 * thing, the page it is about (with an anchor where the page has one) and the words people use
 * for it. Passages are made at build time from the data files the pages show.
 */
export type Passage = {
  /** Stable: `<source>:<item id>`. The question set names the pages, not these. */
  readonly id: string;
  /** The page that shows it, as a path with an optional #anchor. */
  readonly url: string;
  readonly pageTitle: string;
  readonly heading: string;
  readonly text: string;
  readonly keywords: readonly string[];
  /** Filled at answer time from live data instead of the build's text. */
  readonly live?: 'prep-course-dates';
};

/** The page part of a passage's address, which is what a citation and the question set name. */
export const pageOf = (url: string): string => url.split('#')[0] ?? url;
