/**
 * Reading a JSON Lines file as a stream, a chunk at a time: no file size can exhaust memory or
 * hit a string limit. Node only.
 * @module
 */
import type { FileStoreHandle } from './file-system';

/** Bytes read per call at the most (1 MiB). */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Bytes of the first read (16 KiB): most conversation files, and most tails read past a cursor,
 * are small, and a fresh 1 MiB buffer per read of a few kilobytes kept the garbage collector busy
 * (listing 10,000 conversations allocated 10 GB). Each read that fills its buffer makes the next
 * one four times larger, up to {@link CHUNK_BYTES}.
 */
export const FIRST_CHUNK_BYTES = 16 * 1024;

/** The longest line kept (64 MiB); a longer one is skipped without being buffered whole. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Where a read starts, stops and ended: `size` and `end` are filled in as the lines are read. */
export interface ReadExtent {
  /** Where the next read goes: set it to start past the beginning; the file's size once every line was read. */
  size: number;
  /** Where the last complete line ends (after its newline): what follows is a torn tail. */
  end: number;
  /** Read no byte at or past this offset (default: to the end of the file). */
  stopAt?: number;
}

const NEWLINE = 10;
const OPEN_BRACE = 123;

/**
 * Yields each complete, non-empty line that starts with `{` (every stored event is an object),
 * in order, reading a chunk at a time. A line that starts otherwise (zero bytes left by a crash,
 * say) or runs past `maxLineBytes` is skipped without being buffered, and bytes after the last
 * newline are never yielded: they are a torn tail, never acknowledged. `extent` says where to
 * start and stop, and tells how far the read went: when a line is yielded, `extent.end` is where
 * it ends.
 */
export async function* readLines(
  handle: FileStoreHandle,
  extent: ReadExtent = { size: 0, end: 0 },
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<string> {
  let chunk = Buffer.allocUnsafe(FIRST_CHUNK_BYTES);
  let pieces: Buffer[] = [];
  let pending = 0;
  let skipping = false;
  for (;;) {
    const position = extent.size;
    const length = extent.stopAt === undefined ? chunk.byteLength : Math.min(chunk.byteLength, extent.stopAt - position);
    if (length <= 0) return;
    const { bytesRead } = await handle.read(chunk, 0, length, position);
    if (bytesRead === 0) return;
    extent.size += bytesRead;
    const data = chunk.subarray(0, bytesRead);
    let from = 0;
    while (from < bytesRead) {
      if (pending === 0 && !skipping && data[from] !== OPEN_BRACE && data[from] !== NEWLINE) skipping = true;
      const newline = data.indexOf(NEWLINE, from);
      if (newline === -1) {
        if (!skipping) {
          pending += bytesRead - from;
          if (pending > maxLineBytes) {
            skipping = true;
            pieces = [];
          } else pieces.push(Buffer.from(data.subarray(from)));
        }
        break;
      }
      const line =
        !skipping && (pending > 0 || newline > from) && pending + newline - from <= maxLineBytes
          ? (pieces.length === 0 ? data.subarray(from, newline) : Buffer.concat([...pieces, data.subarray(from, newline)])).toString('utf8')
          : undefined;
      pieces = [];
      pending = 0;
      skipping = false;
      from = newline + 1;
      extent.end = position + from;
      // The chunk is read again only after this yield returns, so decoding first is enough.
      if (line !== undefined) yield line;
    }
    // A full buffer: more is likely to follow. What is kept of it (`pieces`) is a copy.
    if (bytesRead === chunk.byteLength && chunk.byteLength < CHUNK_BYTES)
      chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, chunk.byteLength * 4));
  }
}
