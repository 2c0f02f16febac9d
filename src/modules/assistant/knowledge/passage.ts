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
  /** Who may read it, as its page's guard says; absent for a public page. */
  readonly access?: PassageAccess;
};

/**
 * The route guard's levels (spec: roles and permissions): a signed-in user; one with elevated
 * access (an access code) or a work account; a work account only (Lead Management).
 */
export type PassageAccess = 'signed-in' | 'elevated' | 'work-account';

/** What an asker may read: a visitor nothing guarded, a signed-in user by their access. */
export type AskerAccess = { readonly signedIn: boolean; readonly elevated: boolean; readonly workAccount: boolean };

export const VISITOR: AskerAccess = { signedIn: false, elevated: false, workAccount: false };

export function mayRead(passage: Pick<Passage, 'access'>, asker: AskerAccess): boolean {
  switch (passage.access) {
    case undefined:
      return true;
    case 'signed-in':
      return asker.signedIn;
    case 'elevated':
      return asker.elevated || asker.workAccount;
    case 'work-account':
      return asker.workAccount;
  }
}

/** The page part of a passage's address, which is what a citation and the question set name. */
export const pageOf = (url: string): string => url.split('#')[0] ?? url;
