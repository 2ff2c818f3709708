/**
 * The memory seen store under the traffic the service sends: a fresh key for every event, far
 * past the store's capacity. Measured against a plain `Set` of the same size doing the same has + add
 * without evicting, in the same run.
 */
import { createMemorySeenStore } from '../src/webhooks/seen';
import { median } from './measure';

/** Nanoseconds per has + add over `count` fresh keys, after `prefill` keys were recorded. */
function nsPerKey(store: { has(key: string): unknown; add(key: string): unknown }, keys: string[], from: number, to: number): number {
  const start = process.hrtime.bigint();
  for (let i = from; i < to; i++) {
    const key = keys[i] as string;
    if (!store.has(key)) store.add(key);
  }
  return Number(process.hrtime.bigint() - start) / (to - from);
}

export function benchSeen(capacity = 100_000, rounds = 5) {
  const total = capacity * 10;
  const keys = Array.from({ length: total }, (_, i) => `3f2a9c104a004a01a0015e1d0000b000:${i.toString(16).padStart(8, '0')}-evt`);
  const window = capacity / 10;
  const below: number[] = [];
  const past: number[] = [];
  const set: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const store = createMemorySeenStore(capacity);
    below.push(nsPerKey(store, keys, 0, window));
    nsPerKey(store, keys, window, total - window);
    past.push(nsPerKey(store, keys, total - window, total));
    // The baseline: a Set of the same size, adding without evicting.
    const plain = new Set<string>(keys.slice(total - window - capacity, total - window));
    set.push(nsPerKey(plain, keys, total - window, total));
  }
  return { capacity, total, set: median(set), below: median(below), past: median(past) };
}
