/**
 * Decode against JSON.parse alone and Ajv, on three corpora (bench/corpus.ts). Each side runs in a
 * process of its own (`--decode-side=<side>`, started by run.mjs), without forced GC, so no side
 * pays for another's garbage or deoptimizations; the figures are medians over several processes.
 */
import * as v from 'valibot';
import { EventSchema } from '../src/events/generated/event';
import { decodeEvents, type Event, encodeEvent, safeDecodeEvent } from '../src/events/index';
import { createOracle } from '../test/conformance/oracle';
import { buildCorpora, CORPUS_NAMES, type Corpora, kindOf } from './corpus';
import { median, throughput } from './measure';

/** What each side does with one serialized event (or, for batches, one serialized batch). */
export const SIDES = ['parse', 'ajv', 'ajvDefaults', 'agentwire', 'strict', 'valibot', 'batch', 'encode'] as const;
export type Side = (typeof SIDES)[number];
type CorpusName = (typeof CORPUS_NAMES)[number];

/** One process's figures for one side: events/s by corpus, and by event kind on the sparse and full corpora. */
export interface SideSample {
  side: Side;
  corpora: Partial<Record<CorpusName, number>>;
  kinds: Partial<Record<CorpusName, Record<string, number>>>;
}

function check(ok: boolean): void {
  if (!ok) throw new Error('a corpus event was rejected');
}

/** The work of one side on one serialized event. */
function work(side: Side): (text: string) => void {
  switch (side) {
    case 'parse':
      return (text) => void JSON.parse(text);
    case 'ajv': {
      const oracle = createOracle();
      return (text) => check(oracle.validate('Event-Input', JSON.parse(text)));
    }
    case 'ajvDefaults': {
      const oracle = createOracle({ useDefaults: true });
      return (text) => check(oracle.validate('Event-Input', JSON.parse(text)));
    }
    case 'agentwire':
      return (text) => check(safeDecodeEvent(JSON.parse(text)).success);
    case 'strict':
      return (text) => check(safeDecodeEvent(JSON.parse(text), { coercion: 'strict' }).success);
    case 'valibot':
      return (text) => check(v.safeParse(EventSchema, JSON.parse(text)).success);
    case 'batch':
      return (text) => void decodeEvents(JSON.parse(text));
    case 'encode':
      return (text) => void encodeEvent(JSON.parse(text) as Event);
  }
}

/** Events per second of `fn` over `texts` (each text holding `per` events), repeated to about `target` events a run. */
function rate(texts: string[], fn: (text: string) => void, per = 1, runs = 7, target = 16_000): number {
  const events = texts.length * per;
  const repeat = Math.max(1, Math.round(target / events));
  return throughput(
    events * repeat,
    () => {
      for (let r = 0; r < repeat; r++) for (const text of texts) fn(text);
    },
    runs,
  );
}

const byKind = (events: unknown[]) => {
  const groups = new Map<string, string[]>();
  for (const event of events) {
    const kind = kindOf(event);
    groups.set(kind, [...(groups.get(kind) ?? []), JSON.stringify(event)]);
  }
  return groups;
};

/** Measures one side in this process. */
export function measureSide(side: Side, corpora: Corpora = buildCorpora(createOracle())): SideSample {
  const fn = work(side);
  const sample: SideSample = { side, corpora: {}, kinds: {} };
  if (side === 'batch' || side === 'encode') {
    // Batches and encoding are measured on the realistic mix only.
    const mix = corpora.mix;
    if (side === 'batch') {
      const batches: string[] = [];
      for (let i = 0; i < mix.length; i += 5) batches.push(JSON.stringify(mix.slice(i, i + 5)));
      sample.corpora.mix = rate(batches, fn, 5);
    } else {
      sample.corpora.mix = rate(
        mix.map((event) => JSON.stringify(safeDecodeEvent(event).output)),
        fn,
      );
    }
    return sample;
  }
  for (const name of CORPUS_NAMES) {
    sample.corpora[name] = rate(
      corpora[name].map((event) => JSON.stringify(event)),
      fn,
    );
    // By kind: the sides the per-kind ratios compare.
    if (name === 'mix' || (side !== 'agentwire' && side !== 'ajv')) continue;
    const kinds: Record<string, number> = {};
    for (const [kind, texts] of byKind(corpora[name])) kinds[kind] = rate(texts, fn, 1, 5, 2_000);
    sample.kinds[name] = kinds;
  }
  return sample;
}

/** The medians over processes of every figure, by side. */
export function combineSamples(samples: SideSample[]): Record<Side, SideSample> {
  const out = {} as Record<Side, SideSample>;
  for (const side of SIDES) {
    const mine = samples.filter((sample) => sample.side === side);
    if (mine.length === 0) continue;
    const combined: SideSample = { side, corpora: {}, kinds: {} };
    for (const name of CORPUS_NAMES) {
      const rates = mine.map((sample) => sample.corpora[name]).filter((value) => value !== undefined);
      if (rates.length > 0) combined.corpora[name] = median(rates);
      const first = mine[0]?.kinds[name];
      if (!first) continue;
      const kinds: Record<string, number> = {};
      for (const kind of Object.keys(first)) kinds[kind] = median(mine.map((sample) => sample.kinds[name]?.[kind] ?? 0));
      combined.kinds[name] = kinds;
    }
    out[side] = combined;
  }
  return out;
}
