/**
 * The service's own verdicts on 10,281 events (`test/fixtures/service-conformance.jsonl.gz`, see its
 * README), and the comparison rules that go with them.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { gunzipSync } from 'node:zlib';

/** One line of the corpus. */
export interface CorpusLine {
  /** 1-based, for messages. */
  line: number;
  kind: string;
  why: string;
  event: unknown;
  status: 200 | 422;
  detail: { type: string; loc: (string | number)[]; msg: string; input: unknown; ctx?: unknown }[] | null;
  dumped: Record<string, unknown> | null;
}

/** Every line of the corpus. */
export function loadCorpus(): CorpusLine[] {
  const text = gunzipSync(readFileSync(new URL('../fixtures/service-conformance.jsonl.gz', import.meta.url))).toString('utf8');
  return text
    .trim()
    .split('\n')
    .map((json, index) => ({ line: index + 1, ...(JSON.parse(json) as Omit<CorpusLine, 'line'>) }));
}

/**
 * An accepted event ready for comparison: values the service generated (an `id`, `timestamp` or
 * state `key` the input lacked) replaced by a marker, and `forgotten_event_ids` sorted (a set).
 */
export function comparable(output: unknown, input: unknown): unknown {
  const event = JSON.parse(JSON.stringify(output)) as Record<string, unknown>;
  const given = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  for (const key of ['id', 'timestamp']) if (!(key in given) && key in event) event[key] = '<generated>';
  if (event.kind === 'ConversationStateUpdateEvent' && !('key' in given) && 'key' in event) event.key = '<generated>';
  if (Array.isArray(event.forgotten_event_ids)) event.forgotten_event_ids = [...event.forgotten_event_ids].sort();
  return event;
}

/** Whether two JSON values are equal, key order included (the service's serialized order matters). */
export function sameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b) && JSON.stringify(a) === JSON.stringify(b);
}

/** The service's `detail` without the `["body", 0]` a one-event batch puts in front of each `loc`. */
export function detailOfEvent(line: CorpusLine): unknown {
  return (line.detail ?? []).map((item) => ({ ...item, loc: item.loc.slice(2) }));
}

/** A short description of a disagreement, for the failure list. */
export function describeLine(line: CorpusLine, problem: string, ours: unknown, theirs: unknown): string {
  const clip = (value: unknown) => {
    const text = JSON.stringify(value) ?? 'undefined';
    return text.length > 600 ? `${text.slice(0, 600)}…` : text;
  };
  return `line ${line.line} (${line.kind}, ${JSON.stringify(line.why)}): ${problem}\n    agentwire: ${clip(ours)}\n    service:   ${clip(theirs)}`;
}
