/**
 * The file store's read path: a conversation's events and its summary, read as streams. Node only.
 * @module
 */
import type { Event } from '../events/index';
import { type FileStoreFs, type FileStoreHandle, isMissing } from './file-system';
import { readLines } from './line-reader';

/** A stored event with its line, exactly as written. */
export interface StoredEntry {
  /** The event as `JSON.parse` reads the line (integers past 2^53 as the nearest double). */
  event: Event;
  /** The line as stored, without its newline. */
  json: string;
}

/** One stored conversation, as `agentwire conversations` lists it. */
export interface ConversationSummary {
  /** The conversation id, hyphenated. */
  id: string;
  /** Its stored events (each id once). */
  events: number;
  /** The `timestamp` of its first stored event, as stored. */
  first: string | undefined;
  /** The `timestamp` of its last stored event, as stored. */
  last: string | undefined;
}

/** A line as an event: an object with a string `id`; anything else (a line a crash damaged) is skipped. */
function parseLine(line: string): Event | undefined {
  try {
    const value = JSON.parse(line) as { id?: unknown } | null;
    return value && typeof value === 'object' && typeof value.id === 'string' ? (value as Event) : undefined;
  } catch {
    return undefined;
  }
}

async function openForReading(fs: FileStoreFs, path: string): Promise<FileStoreHandle | undefined> {
  try {
    return await fs.open(path, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * The events of a conversation file in order, each id once, read a chunk at a time; unreadable
 * lines and a torn tail are skipped. A missing file has none.
 */
export async function* readEntries(fs: FileStoreFs, path: string): AsyncGenerator<StoredEntry> {
  const handle = await openForReading(fs, path);
  if (!handle) return;
  try {
    const seen = new Set<string>();
    for await (const line of readLines(handle)) {
      const event = parseLine(line);
      if (!event || seen.has(event.id)) continue;
      seen.add(event.id);
      yield { event, json: line };
    }
  } finally {
    await handle.close();
  }
}

/** The summary of one conversation file, or `undefined` when it holds no event. */
export async function readSummary(fs: FileStoreFs, id: string, path: string): Promise<ConversationSummary | undefined> {
  let events = 0;
  let first: string | undefined;
  let last: string | undefined;
  for await (const { event } of readEntries(fs, path)) {
    events++;
    const timestamp = typeof event.timestamp === 'string' ? event.timestamp : undefined;
    if (events === 1) first = timestamp;
    last = timestamp;
  }
  return events === 0 ? undefined : { id, events, first, last };
}
