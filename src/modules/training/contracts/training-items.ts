/**
 * What the pages and the server both need of a schedule at run time, without zod (the web app
 * never loads the schemas: zod's compiled parsers would need eval, which the pages' CSP refuses).
 */

/** Whether a link's address is http(s), or a path inside the portal. */
export function isLinkAddress(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname) && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The parts whose ticks make up a day (spec: every block, simple block and checklist line). */
export const dayPartIds = (day: {
  readonly blocks: readonly { readonly id: string }[];
  readonly simpleBlocks: readonly { readonly id: string }[];
  readonly checklist: readonly { readonly id: string }[];
}): string[] => [...day.blocks.map((b) => b.id), ...day.simpleBlocks.map((l) => l.id), ...day.checklist.map((l) => l.id)];
