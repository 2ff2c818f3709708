/**
 * The benchmark corpora, each of JSON values the service accepts:
 * - `mix`: realistic conversations (the recorded fixture, repeated with fresh ids) plus a few
 *   generated events of every kind, weighted like a real conversation;
 * - `sparse`: every event kind in equal measure, each event holding only its required fields, and
 *   every other event without `id` and `timestamp` (the decoder generates them);
 * - `full`: the same events in the full serialized shape the service sends (every field present).
 */
import { readFileSync } from 'node:fs';
import { type Event, encodeEvent, safeDecodeEvent } from '../src/events/index';
import { createGenerator } from '../test/conformance/generate-cases';
import { loadSchemas, type Oracle, unionMembers } from '../test/conformance/oracle';

/** The three corpora, by name. */
export interface Corpora {
  mix: unknown[];
  sparse: unknown[];
  full: unknown[];
}

/** The names of the corpora, in report order. */
export const CORPUS_NAMES = ['mix', 'sparse', 'full'] as const;

const accepted = (oracle: Oracle, value: unknown) => oracle.validate('Event-Input', value) && safeDecodeEvent(value).success;

/** Events as JSON values, about `size` of them, weighted like a real conversation. */
export function buildMix(oracle: Oracle, size = 2400): unknown[] {
  const conversation = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')) as Record<string, unknown>[];
  const corpus: unknown[] = [];
  const generator = createGenerator(42);
  const members = unionMembers(loadSchemas(), 'Event-Input');
  for (const member of members) {
    let added = 0;
    for (let attempt = 0; attempt < 200 && added < 5; attempt++) {
      const value = generator.valid(member);
      if (accepted(oracle, value)) {
        corpus.push(value);
        added++;
      }
    }
  }
  for (let copy = 0; corpus.length < size; copy++) {
    for (const event of conversation) corpus.push({ ...event, id: `${copy}-${event.id}` });
  }
  return corpus.slice(0, size);
}

/** `perKind` events of every kind with only their required fields; every other one without `id` and `timestamp`. */
export function buildSparse(oracle: Oracle, perKind = 40): unknown[] {
  const schemas = loadSchemas();
  const generator = createGenerator(7);
  const corpus: unknown[] = [];
  for (const member of unionMembers(schemas, 'Event-Input')) {
    const required = new Set([...(schemas[member]?.required ?? []), 'kind']);
    let added = 0;
    for (let attempt = 0; attempt < 2000 && added < perKind; attempt++) {
      const value = generator.valid(member) as Record<string, unknown>;
      const sparse: Record<string, unknown> = {};
      if (added % 2 === 0) {
        sparse.id = `sparse-${member}-${added}`;
        sparse.timestamp = '2026-06-16T05:39:18.809928';
      }
      for (const [key, item] of Object.entries(value)) if (required.has(key)) sparse[key] = item;
      if (accepted(oracle, sparse)) {
        corpus.push(sparse);
        added++;
      }
    }
    if (added < perKind) throw new Error(`sparse corpus: only ${added} events of ${member}`);
  }
  return corpus;
}

/** The corpora (see the module comment). */
export function buildCorpora(oracle: Oracle): Corpora {
  const sparse = buildSparse(oracle);
  const full = sparse.map((event) => encodeEvent(safeDecodeEvent(event).output as Event) as unknown);
  for (const event of full) if (!accepted(oracle, event)) throw new Error('full corpus: an event is rejected');
  return { mix: buildMix(oracle), sparse, full };
}

/** The kind of an event of the corpora. */
export const kindOf = (event: unknown) => (event as { kind: string }).kind;
