/**
 * What `agentwire serve` prints while it runs: a line per event (standard output), a line per
 * refused request (standard error), and the counts for the summary. Output that goes away (a
 * closed pipe, `serve | head`) is dropped; receiving goes on. Every line goes out with its
 * control characters as escapes (`\u001b`, `\r`): text from requests is shown, never obeyed.
 * @module
 */
import { escapeControlsInLine } from '../../internal/control-characters';
import type { CommandIO } from '../io';

/** The largest number of distinct conversations counted exactly (the count's memory stays bounded). */
export const MAX_COUNTED_CONVERSATIONS = 100_000;

/** Counters and printers of a serve run. */
export interface ServeConsole {
  /** Prints lines to standard output, unless it went away. */
  out(text: string): void;
  /** Prints lines to standard error, unless it went away. */
  err(text: string): void;
  /** Counts an event of a conversation. */
  countEvent(conversationId: string): void;
  /** Counts a refused request by status. */
  countRejection(status: number): void;
  /** `Received 3 events in 1 conversation; refused 2 requests (401: 1, 422: 1)`. */
  summary(): string;
}

/** The lines of `text` with every control character but the line feeds between them escaped. */
const safeLines = (text: string) => text.split('\n').map(escapeControlsInLine).join('\n');

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/**
 * A console over `io`; with `streams`, an error on them (EPIPE when the reader went away)
 * silences that stream for the rest of the run instead of crashing the process.
 */
export function createServeConsole(io: CommandIO, streams?: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream }): ServeConsole {
  const live = { out: true, err: true };
  const onOut = () => {
    live.out = false;
  };
  const onErr = () => {
    live.err = false;
  };
  streams?.stdout.on('error', onOut);
  streams?.stderr.on('error', onErr);
  let events = 0;
  const conversations = new Set<string>();
  let overflow = false;
  const rejections = new Map<number, number>();
  const write = (which: 'out' | 'err', text: string) => {
    if (!live[which]) return;
    try {
      io[which](safeLines(text));
    } catch {
      live[which] = false;
    }
  };
  return {
    out: (text) => write('out', text),
    err: (text) => write('err', text),
    countEvent(conversationId) {
      events++;
      if (conversations.size < MAX_COUNTED_CONVERSATIONS) conversations.add(conversationId);
      else if (!conversations.has(conversationId)) overflow = true;
    },
    countRejection(status) {
      rejections.set(status, (rejections.get(status) ?? 0) + 1);
    },
    summary() {
      const where = overflow
        ? `more than ${plural(MAX_COUNTED_CONVERSATIONS, 'conversation')}`
        : plural(conversations.size, 'conversation');
      const refused = [...rejections.values()].reduce((sum, count) => sum + count, 0);
      const byStatus = [...rejections.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      return `Received ${plural(events, 'event')} in ${where}; refused ${plural(refused, 'request')}${refused ? ` (${byStatus})` : ''}`;
    },
  };
}
