import { z } from 'zod';

/**
 * The condition a help request `t` meets when the words of `param` (web-search syntax: words,
 * "a phrase", -not, or) are in its concern, its admin notes or a message of its conversation;
 * the internal notes count only in an admin's search (`internal`). A null `param` matches all.
 */
export function matchesSearch(param: string, internal: boolean): string {
  const query = `websearch_to_tsquery('english', ${param}::text)`;
  return `(${param}::text IS NULL OR t.search @@ ${query} OR EXISTS (
    SELECT 1 FROM rm_ticket_messages m WHERE m.ticket_id = t.ticket_id${internal ? '' : ` AND m.kind = 'reply'`} AND m.search @@ ${query}))`;
}

/** A search box's words: trimmed, empty for none, at most 200 characters. */
export const searchText = z
  .string('Search for words')
  .trim()
  .max(200, 'Search for at most 200 characters')
  .optional()
  .transform((text) => (text ? text : undefined));
