/**
 * One line per event for `serve`, `events list` and `events tail`, whatever a stored line holds: a
 * line without a field the summary expects prints without that part instead of failing. Text from
 * the event is shown with its control characters as escapes (`\u001b`), never obeyed.
 * @module
 */
import { type Event, safeDecodeEvent } from '../events/index';
import { printable } from './report-text';
import { summarizeEvent } from './summarize';

/** The kind of a stored value, or a marker when it has none. */
function kindOf(event: unknown): string {
  const kind = (event as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : '(no kind)';
}

/** The summary of an event; empty when the value is not a valid event (a damaged or hand-written line). */
function safeSummary(event: unknown, decoded: boolean): string {
  try {
    if (decoded) return printable(summarizeEvent(event as Event));
    const checked = safeDecodeEvent(event, { unknownKinds: 'keep' });
    return checked.success ? printable(summarizeEvent(checked.output as Event)) : '';
  } catch {
    return '';
  }
}

/** `HH:MM:SS` of an event's stored timestamp, or dashes when it has none. */
export function storedTime(event: unknown): string {
  const timestamp = (event as { timestamp?: unknown } | null)?.timestamp;
  const time = typeof timestamp === 'string' ? /T(\d\d:\d\d:\d\d)/.exec(timestamp)?.[1] : undefined;
  return time ?? '--:--:--';
}

/**
 * `HH:MM:SS  [conversation id]  Kind  summary`, with the whole conversation id so it can be
 * copied. `decoded` says the event came from the decoder; otherwise (a stored line) it is checked
 * first, and a line that is not a valid event prints without a summary.
 */
export function eventLine(event: unknown, time: string, conversationId?: string, decoded = false): string {
  const where = conversationId ? `${conversationId}  ` : '';
  const summary = safeSummary(event, decoded);
  return `${time}  ${where}${printable(kindOf(event)).padEnd(28)}${summary ? `  ${summary}` : ''}`.trimEnd();
}
