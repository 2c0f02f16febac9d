// Part of `npm run build`: the AI assistant's passages, made from the data files the pages show
// (web/src/content), and their full-text index, written to dist/assistant-knowledge.json.
import { KNOWLEDGE_FILE, writeKnowledgeFile } from '../modules/assistant/knowledge/knowledge-file.js';

const { passages } = writeKnowledgeFile();
process.stdout.write(`${passages} passages indexed into ${KNOWLEDGE_FILE}\n`);
