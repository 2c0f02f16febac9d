/**
 * What the pages and the server both need of a schedule at run time, without zod (the web app
 * never loads the schemas: zod's compiled parsers would need eval, which the pages' CSP refuses).
 */

/**
 * A link's address as it is stored and shown: a path inside the portal as given, or an address
 * that starts with http:// or https:// (in any case) in URL's own form, its scheme and host
 * lower-cased; null when it is neither. The one rule for every link (pages, seed files, API).
 */
export function canonicalLinkAddress(value: string): string | null {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return value;
  if (!/^https?:\/\//i.test(value) || /[\s\\]/.test(value)) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether a link's address is http(s), or a path inside the portal. */
export const isLinkAddress = (value: string): boolean => canonicalLinkAddress(value) !== null;

/** The parts whose ticks make up a day (spec: every block, simple block and checklist line). */
export const dayPartIds = (day: {
  readonly blocks: readonly { readonly id: string }[];
  readonly simpleBlocks: readonly { readonly id: string }[];
  readonly checklist: readonly { readonly id: string }[];
}): string[] => [...day.blocks.map((b) => b.id), ...day.simpleBlocks.map((l) => l.id), ...day.checklist.map((l) => l.id)];
