import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeEvent, type Event } from 'agentwire/events';
import { createMemoryStore, type EventStore } from 'agentwire/webhooks';
import { createFileStore } from 'agentwire/webhooks/node';
import { describe, expect, it } from 'vitest';

const message = (text: string): Event =>
  decodeEvent({ kind: 'MessageEvent', source: 'user', llm_message: { role: 'user', content: [{ type: 'text', text }] } });
const delta = (): Event => decodeEvent({ kind: 'StreamingDeltaEvent', content: 'tok' });

describe.each([
  ['file store', () => createFileStore({ dir: mkdtempSync(join(tmpdir(), 'agentwire-store-')) })],
  ['memory store', () => createMemoryStore()],
] as [string, () => EventStore][])('%s', (_name, create) => {
  it('appends in order, skips re-delivered ids and streaming deltas, filters on read', async () => {
    const store = create();
    const id = randomUUID();
    const [a, b, c] = [message('a'), message('b'), message('c')];
    await store.append(id, [a as Event, delta(), b as Event]);
    await store.append(id, [b as Event, c as Event, c as Event]);
    expect((await store.list(id)).map((event) => event.id)).toEqual([a?.id, b?.id, c?.id]);
    expect(await store.list(id, { kind: 'StreamingDeltaEvent' })).toEqual([]);
    expect(await store.list(id, { limit: 1 })).toEqual([a]);
    expect(await store.conversations()).toContain(id);
    expect(await store.list(randomUUID())).toEqual([]);
  });
});

describe('file store durability', () => {
  it('reads back after a restart, cuts off a torn last line and appends after the last complete one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-store-'));
    const id = randomUUID();
    const first = [message('1'), message('2')];
    const writer = createFileStore({ dir });
    await writer.append(id.replaceAll('-', ''), first);
    await writer.close();
    const file = join(dir, `${id}.jsonl`);
    appendFileSync(file, '{"kind":"MessageEvent","id":"torn","sou'); // a crash in the middle of a write
    const reopened = createFileStore({ dir });
    expect(await reopened.list(id)).toEqual(first);
    const next = message('3');
    await reopened.append(id, [next, ...first]);
    await reopened.close();
    expect(await createFileStore({ dir }).list(id)).toEqual([...first, next]);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.slice(0, -1).map((line) => (JSON.parse(line) as Event).id)).toEqual([...first, next].map((event) => event.id));
    expect(lines.at(-1)).toBe('');
  });

  it('serializes concurrent appends and refuses ids that are not UUIDs', async () => {
    const store = createFileStore({ dir: mkdtempSync(join(tmpdir(), 'agentwire-store-')) });
    const id = randomUUID();
    const batches = Array.from({ length: 20 }, (_, i) => [message(`m${i}`)]);
    await Promise.all(batches.map((batch) => store.append(id, batch)));
    expect(await store.list(id)).toHaveLength(20);
    await expect(store.append('../../etc/passwd', [message('x')])).rejects.toThrow(/not a conversation id/);
    await store.close();
  });
});
