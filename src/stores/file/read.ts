/**
 * The file store's read path: a conversation file read as a stream from a cursor (a byte offset
 * where a line starts), and its summary. Node only.
 * @module
 */
import type { Event } from '../../events/index';
import { InvalidCursorError } from '../errors';
import { readStoredEvent } from '../read-event';
import type { ConversationSummary, StoredEntry } from '../types';
import { type FileStoreFs, type FileStoreHandle, isMissing } from './file-system';
import { type ReadExtent, readLines } from './line-reader';
import { NotARegularFileError, openRegularFile } from './regular-file';

/** Hears of an entry named like a conversation file that is not a regular file (read as holding no events). */
export type NotAFileListener = (error: NotARegularFileError) => void;

/**
 * A line as an event: an object with a string `id`, decoded as the handler decoded it (a line
 * written by another tool may lack the rest, and is still listed as it is); anything else (a line
 * a crash damaged) is skipped.
 */
function parseLine(line: string): Event | undefined {
  let value: { id?: unknown } | null;
  try {
    value = JSON.parse(line) as { id?: unknown } | null;
  } catch {
    return undefined;
  }
  return value && typeof value === 'object' && !Array.isArray(value) && typeof value.id === 'string' ? readStoredEvent(value) : undefined;
}

/** A conversation file opened to read; `undefined` when it is missing, or is not a regular file (`notAFile` hears of that). */
async function openForReading(fs: FileStoreFs, path: string, notAFile: NotAFileListener | undefined): Promise<FileStoreHandle | undefined> {
  try {
    return await openRegularFile(fs, path, 'read');
  } catch (error) {
    if (isMissing(error)) return undefined;
    if (error instanceof NotARegularFileError) {
      notAFile?.(error);
      return undefined;
    }
    throw error;
  }
}

/** The byte offset a cursor names (a whole number); an {@link InvalidCursorError} for anything else. */
export function parseOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,15}$/.test(cursor)) throw new InvalidCursorError(cursor);
  return Number(cursor);
}

/** Checks that `start` is where a line starts: the file's start, or just after a newline within the file. */
async function checkLineStart(handle: FileStoreHandle, start: number, cursor: string): Promise<void> {
  if (start === 0) return;
  const byte = new Uint8Array(1);
  const { bytesRead } = await handle.read(byte, 0, 1, start - 1);
  if (bytesRead !== 1 || byte[0] !== 10)
    throw new InvalidCursorError(cursor, 'it does not point where a stored line starts in this conversation');
}

/** Where a scan of a conversation file goes: from a cursor, up to a byte offset (default the file's end). */
export interface ScanRange {
  after?: string | undefined;
  stopAt?: number | undefined;
  /** Hears when the entry is not a regular file (scanned as a missing file). */
  notAFile?: NotAFileListener | undefined;
}

/**
 * The events of a conversation file from a cursor on, in order, read a chunk at a time;
 * unreadable lines and a torn tail are skipped. A missing file has none (and accepts only the
 * cursor of its start). `onLine` hears where each complete line ends, events or not, so a
 * caller knows how far the scan went.
 */
export async function* scanEntries(
  fs: FileStoreFs,
  path: string,
  range: ScanRange = {},
  onLine?: (end: number) => void,
): AsyncGenerator<StoredEntry> {
  const start = parseOffset(range.after);
  const handle = await openForReading(fs, path, range.notAFile);
  if (!handle) {
    if (start !== 0) throw new InvalidCursorError(range.after as string, 'the conversation has no stored events');
    return;
  }
  try {
    await checkLineStart(handle, start, range.after as string);
    const extent: ReadExtent = { size: start, end: start, ...(range.stopAt === undefined ? {} : { stopAt: range.stopAt }) };
    for await (const line of readLines(handle, extent)) {
      onLine?.(extent.end);
      const event = parseLine(line);
      if (event) yield { event, json: line, cursor: String(extent.end) };
    }
  } finally {
    await handle.close();
  }
}

/** Where the last complete line ends in the first `size` bytes of an open file (after its newline; 0 when none), reading backwards only as far as needed. */
export async function lastLineEnd(handle: FileStoreHandle, size: number): Promise<number> {
  const chunk = new Uint8Array(64 * 1024);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.byteLength);
    const { bytesRead } = await handle.read(chunk, 0, end - start, start);
    const newline = chunk.subarray(0, bytesRead).lastIndexOf(10);
    if (newline !== -1) return start + newline + 1;
    end = start;
  }
  return 0;
}

/** Where the last complete line of a file ends (its size without a torn tail). */
export async function endOfLines(fs: FileStoreFs, path: string, notAFile?: NotAFileListener): Promise<number> {
  const handle = await openForReading(fs, path, notAFile);
  if (!handle) return 0;
  try {
    return await lastLineEnd(handle, (await handle.stat()).size);
  } finally {
    await handle.close();
  }
}

/** A summary being read: the summary, and where its reading stopped (to go on from there when the file grew). */
export interface SummaryProgress {
  summary: ConversationSummary;
  /** Where the last complete line read ends. */
  end: number;
}

/**
 * A conversation's summary, read from `from.end` on when an earlier reading is given (a file
 * only grows), else from the start. `undefined` while it holds no event.
 */
export async function readSummary(
  fs: FileStoreFs,
  id: string,
  path: string,
  from: SummaryProgress | undefined,
  stopAt: number | undefined,
  notAFile?: NotAFileListener,
): Promise<SummaryProgress | undefined> {
  const summary: ConversationSummary = from ? { ...from.summary } : { id, events: 0, firstAt: null, lastAt: null, lastKind: '' };
  let end = from?.end ?? 0;
  for await (const { event } of scanEntries(fs, path, { after: String(end), stopAt, notAFile }, (at) => {
    end = at;
  })) {
    const timestamp = typeof event.timestamp === 'string' ? event.timestamp : null;
    if (summary.events === 0) summary.firstAt = timestamp;
    summary.events++;
    summary.lastAt = timestamp;
    summary.lastKind = typeof event.kind === 'string' ? event.kind : '';
  }
  return summary.events === 0 ? undefined : { summary, end };
}
