/**
 * The `message` of a launch link: what the app does to it before showing and sending it, and
 * the notes that say so.
 * @module
 */
import type { Diagnostic } from '../../internal/diagnostic';
import { addNote } from './launch-link-rules';

/** How many UTF-16 code units of the message the app keeps. */
export const LAUNCH_MESSAGE_LIMIT = 500;

const TAGS = /<[^>]*>/g;

/**
 * The message as the app keeps it: every `<…>` removed, cut to the first 500 UTF-16 code units
 * (which can split a surrogate pair), and `undefined` for an absent or empty result.
 */
export function sanitizeLaunchMessage(message: string | null | undefined): string | undefined {
  return message?.replace(TAGS, '').slice(0, LAUNCH_MESSAGE_LIMIT) || undefined;
}

/** Adds to `notes` what {@link sanitizeLaunchMessage} changes in `message`, at `column` of the link. */
export function checkLaunchMessage(message: string, column: number, notes: Diagnostic[]): void {
  const tags = message.match(TAGS);
  const stripped = message.replace(TAGS, '');
  if (tags) {
    const first = JSON.stringify((tags[0] as string).slice(0, 40));
    addNote(notes, 'launch-link-message-tags', column, `the message holds ${tags.length} <…> part(s), first ${first}`, 'warning');
  }
  if (stripped.length > LAUNCH_MESSAGE_LIMIT) {
    addNote(notes, 'launch-link-message-cut', column, `the message is ${stripped.length} UTF-16 code units long`, 'warning');
  }
}
