import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type Options } from 'csv-parse';

/** Text handed to the parser at a time: a few milliseconds of work between two turns of the event loop. */
const CHUNK_CHARS = 32 * 1024;

/**
 * CSV text as records, parsed a chunk at a time with a turn of the event loop between chunks,
 * so a 2 MB file never holds up the process's other requests for the ~200 ms one parse takes.
 * Rejects with csv-parse's own error for text that is not CSV.
 */
export async function csvRecords<T>(text: string, options: Options): Promise<T[]> {
  const parser = parse(options);
  const records: T[] = [];
  let failure: unknown = null;
  parser.on('readable', () => {
    for (let record = parser.read() as T | null; record !== null; record = parser.read() as T | null) records.push(record);
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', (error) => {
      failure = error;
      reject(error);
    });
  });
  ended.catch(() => {});
  for (let at = 0; at < text.length && failure === null;) {
    let end = Math.min(at + CHUNK_CHARS, text.length);
    // Never between the two halves of a surrogate pair (an emoji): each chunk is turned into UTF-8 on its own.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    parser.write(text.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (failure === null) parser.end();
  await ended;
  return records;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
