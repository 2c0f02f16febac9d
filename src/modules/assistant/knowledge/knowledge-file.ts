import fs from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../../../platform/http/project-root.js';
import { KnowledgeIndex } from '../services/knowledge-index.js';
import { readKnowledge } from './read-knowledge.js';

/** Where `npm run build` leaves the assistant's passages and their index. */
export const KNOWLEDGE_FILE = path.join(projectRoot(), 'dist', 'assistant-knowledge.json');
/** The data files the pages show, which the build reads. */
export const CONTENT_DIR = path.join(projectRoot(), 'web', 'src', 'content');

/** Builds the index from the data files and writes it for the portal to load. */
export function writeKnowledgeFile(file = KNOWLEDGE_FILE, contentDir = CONTENT_DIR): { passages: number } {
  const index = KnowledgeIndex.build(readKnowledge(contentDir));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(index.serialise()));
  return { passages: index.passages.length };
}

/**
 * The index the build wrote; where there is none (the tests run the sources), the same index
 * built from the data files now.
 */
export function loadKnowledgeIndex(file = KNOWLEDGE_FILE, contentDir = CONTENT_DIR): KnowledgeIndex {
  if (fs.existsSync(file)) return KnowledgeIndex.load(JSON.parse(fs.readFileSync(file, 'utf8')) as Parameters<typeof KnowledgeIndex.load>[0]);
  return KnowledgeIndex.build(readKnowledge(contentDir));
}
