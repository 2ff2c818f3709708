/**
 * Events of every kind as a 1.43.1 agent server sends them: the service's own serialization of
 * accepted events from the vendored conformance corpus, a fresh id each, error events both with
 * `classification` and without it (as older servers send them), in the sender's batches of five.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_KINDS } from 'agentwire/events';
import { loadCorpus } from '../conformance/service-corpus';

/** One event of each kind as the service serialized it, a fresh id each; error events also without `classification`. */
export function agentServerEvents(): Record<string, unknown>[] {
  const accepted = loadCorpus().filter((line) => line.status === 200 && line.dumped);
  const events: Record<string, unknown>[] = [];
  for (const kind of EVENT_KINDS) {
    const dumped = accepted.find((line) => line.dumped?.kind === kind)?.dumped;
    if (!dumped) throw new Error(`the corpus has no accepted ${kind}`);
    events.push({ ...dumped, id: randomUUID() });
    if ('classification' in dumped) {
      const { classification: _, ...older } = dumped;
      events.push({ ...older, id: randomUUID() });
    }
  }
  return events;
}

/** The events, their batches of five, and the lines a store keeps of them (each as posted; no streaming deltas). */
export function agentServerBatches() {
  const events = agentServerEvents();
  const batches = Array.from({ length: Math.ceil(events.length / 5) }, (_, i) => events.slice(i * 5, i * 5 + 5));
  const expectedLines = events.filter((event) => event.kind !== 'StreamingDeltaEvent').map((event) => JSON.stringify(event));
  return { events, batches, expectedLines };
}
