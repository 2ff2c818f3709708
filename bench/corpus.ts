/**
 * The benchmark corpus: realistic conversations (the recorded fixture, repeated with fresh ids),
 * plus generated events of every kind, so each kind is exercised.
 */
import { readFileSync } from 'node:fs';
import { safeDecodeEvent } from '../src/events/index';
import { createGenerator } from '../test/conformance/generate-cases';
import { loadSchemas, unionMembers } from '../test/conformance/oracle';

/** Events as JSON values, about `size` of them. */
export function buildCorpus(size = 2400): unknown[] {
  const conversation = JSON.parse(readFileSync('test/fixtures/conversation.json', 'utf8')) as Record<string, unknown>[];
  const corpus: unknown[] = [];
  const generator = createGenerator(42);
  const members = unionMembers(loadSchemas(), 'Event-Input');
  for (const member of members) {
    let added = 0;
    for (let attempt = 0; attempt < 200 && added < 5; attempt++) {
      const value = generator.valid(member);
      if (safeDecodeEvent(value).success) {
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
