/**
 * Splits CLI input into event candidates: a JSON array (a webhook body), a single JSON object,
 * or JSON Lines (one event per non-empty line).
 * @module
 */
import type { ValidationErrorItem } from '../events/index';
import { UsageError } from './io';

/** One candidate event: its JSON value, or why its line could not be parsed. */
export interface EventEntry {
  /** Position in the input, from 0. */
  index: number;
  /** The 1-based line of a JSON Lines entry. */
  line?: number;
  /** The parsed value, when it parsed. */
  value?: unknown;
  /** The parse error of a JSON Lines entry that is not JSON. */
  parseError?: ValidationErrorItem;
}

/** Reads the entries of an input text. Throws a {@link UsageError} when the text is not JSON at all. */
export function readEventEntries(text: string): EventEntry[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError('the input is empty: expected a JSON array of events or JSON Lines');
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new UsageError(`the input starts like a JSON array but is not valid JSON: ${(error as Error).message}`);
    }
    return (value as unknown[]).map((item, index) => ({ index, value: item }));
  }
  if (!trimmed.startsWith('{')) throw new UsageError('the input is neither a JSON array, a JSON object nor JSON Lines');
  try {
    return [{ index: 0, value: JSON.parse(trimmed) }];
  } catch {
    // Not one object: JSON Lines.
  }
  const entries: EventEntry[] = [];
  const lines = text.split(/\r?\n/);
  let parsed = 0;
  lines.forEach((raw, at) => {
    if (raw.trim() === '') return;
    const entry: EventEntry = { index: entries.length, line: at + 1 };
    try {
      entry.value = JSON.parse(raw);
      parsed++;
    } catch (error) {
      entry.parseError = {
        type: 'json_invalid',
        loc: [],
        msg: 'JSON decode error',
        input: raw.length > 80 ? `${raw.slice(0, 80)}…` : raw,
        ctx: { error: (error as Error).message },
      };
    }
    entries.push(entry);
  });
  if (parsed === 0) throw new UsageError('no line of the input is JSON: expected a JSON array of events or JSON Lines');
  return entries;
}
