import fs from 'node:fs';
import path from 'node:path';

import { CONTENT_SOURCES } from './content-passages.js';
import type { Passage } from './passage.js';

/** Every passage of the portal's data files in `contentDir` (web/src/content); fails on a file that does not match its schema or on a repeated id. */
export function readKnowledge(contentDir: string): Passage[] {
  const passages = CONTENT_SOURCES.flatMap(({ file, passages: from }) => {
    const json: unknown = JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8'));
    try {
      return from(json);
    } catch (error) {
      throw new Error(`${file} is not what the assistant reads: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  });
  const seen = new Set<string>();
  for (const passage of passages) {
    if (seen.has(passage.id)) throw new Error(`Two passages share the id ${passage.id}`);
    seen.add(passage.id);
  }
  return passages;
}
