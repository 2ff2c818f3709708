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

/**
 * What each side does with one serialized event (or, for batches, one serialized batch); `kinds`
 * compares `safeDecodeEvent` with Ajv kind by kind (see {@link measureKinds}).
 */
export const SIDES = ['parse', 'ajv', 'ajvDefaults', 'agentwire', 'strict', 'valibot', 'batch', 'encode', 'kinds'] as const;
export type Side = (typeof SIDES)[number];
type CorpusName = (typeof CORPUS_NAMES)[number];
/** The corpora measured kind by kind. */
export const KIND_CORPORA = ['sparse', 'full'] as const;
type KindCorpus = (typeof KIND_CORPORA)[number];

/** `safeDecodeEvent`'s rate on one kind's events, divided by Ajv's and by Ajv with `useDefaults`. */
export interface KindRatio {
  ajv: number;
  ajvDefaults: number;
}

/**
 * One process's figures for one side: events/s by corpus; for `agentwire` and `ajv`, events/s by
 * event kind (`rates`); for `kinds`, the paired ratios by event kind.
 */
export interface SideSample {
  side: Side;
  corpora: Partial<Record<CorpusName, number>>;
  rates: Partial<Record<KindCorpus, Record<string, number>>>;
  kinds: Partial<Record<KindCorpus, Record<string, KindRatio>>>;
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
    case 'kinds':
      throw new Error('the kinds side compares several functions: see measureKinds');
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

/**
 * CPU seconds one call of `fn` takes (of this process, so the time it waits for a core on a shared
 * machine does not count).
 */
function cpuSeconds(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/**
 * Kind by kind, on the sparse and full corpora: `safeDecodeEvent`, Ajv and Ajv with `useDefaults`
 * in this one process, their runs interleaved (in turn first) and timed in CPU time, each round
 * giving a ratio of `safeDecodeEvent`'s rate to each Ajv's; the medians of those ratios. A change of load on a shared
 * machine then touches both sides of every ratio alike, where rates measured in separate
 * processes, a few seconds apart, drift with the load. No forced GC: a scavenge costs what
 * survives it, and every run's garbage dies young, so whichever run pays for it pays little (a
 * forced full collection before every run took most of the process's time).
 */
export function measureKinds(corpora: Corpora, rounds = 15, target = 4_000): SideSample['kinds'] {
  const ajv = work('ajv');
  const ajvDefaults = work('ajvDefaults');
  const agentwire = work('agentwire');
  // Every side first runs over every event of the measured corpora, so the first kind measured does
  // not pay for compiling the code all kinds share (the optimizing compiler runs on other threads,
  // whose time the process's CPU time counts).
  const everything = KIND_CORPORA.flatMap((name) => corpora[name].map((event) => JSON.stringify(event)));
  for (const side of [agentwire, ajv, ajvDefaults]) for (let i = 0; i < 5; i++) for (const text of everything) side(text);
  const out: SideSample['kinds'] = {};
  for (const name of KIND_CORPORA) {
    const kinds: Record<string, KindRatio> = {};
    for (const [kind, texts] of byKind(corpora[name])) {
      const repeat = Math.max(1, Math.round(target / texts.length));
      const run = (fn: (text: string) => void) => () => {
        for (let r = 0; r < repeat; r++) for (const text of texts) fn(text);
      };
      const sides = [run(agentwire), run(ajv), run(ajvDefaults)];
      for (const side of sides) for (let i = 0; i < 2; i++) side();
      const versusAjv: number[] = [];
      const versusDefaults: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const times = new Map<() => void, number>();
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) times.set(side, cpuSeconds(side));
        const mine = times.get(sides[0] as () => void) as number;
        versusAjv.push((times.get(sides[1] as () => void) as number) / mine);
        versusDefaults.push((times.get(sides[2] as () => void) as number) / mine);
      }
      kinds[kind] = { ajv: median(versusAjv), ajvDefaults: median(versusDefaults) };
    }
    out[name] = kinds;
  }
  return out;
}

/** Measures one side in this process. */
export function measureSide(side: Side, corpora: Corpora = buildCorpora(createOracle())): SideSample {
  const sample: SideSample = { side, corpora: {}, rates: {}, kinds: {} };
  if (side === 'kinds') {
    sample.kinds = measureKinds(corpora);
    return sample;
  }
  const fn = work(side);
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
    // By kind, in the processes of these two sides (the per-kind figures of earlier reports).
    if (name === 'mix' || (side !== 'agentwire' && side !== 'ajv')) continue;
    const kinds: Record<string, number> = {};
    for (const [kind, texts] of byKind(corpora[name])) kinds[kind] = rate(texts, fn, 1, 5, 2_000);
    sample.rates[name] = kinds;
  }
  return sample;
}

/** The medians over processes of every figure, by side. */
export function combineSamples(samples: SideSample[]): Record<Side, SideSample> {
  const out = {} as Record<Side, SideSample>;
  for (const side of SIDES) {
    const mine = samples.filter((sample) => sample.side === side);
    if (mine.length === 0) continue;
    const combined: SideSample = { side, corpora: {}, rates: {}, kinds: {} };
    for (const name of CORPUS_NAMES) {
      const rates = mine.map((sample) => sample.corpora[name]).filter((value) => value !== undefined);
      if (rates.length > 0) combined.corpora[name] = median(rates);
    }
    for (const name of KIND_CORPORA) {
      const rates = mine[0]?.rates[name];
      if (rates) {
        const combinedRates: Record<string, number> = {};
        for (const kind of Object.keys(rates)) combinedRates[kind] = median(mine.map((sample) => sample.rates[name]?.[kind] ?? Number.NaN));
        combined.rates[name] = combinedRates;
      }
      const first = mine[0]?.kinds[name];
      if (!first) continue;
      const kinds: Record<string, KindRatio> = {};
      const of = (kind: string, baseline: keyof KindRatio) =>
        median(mine.map((sample) => sample.kinds[name]?.[kind]?.[baseline] ?? Number.NaN));
      for (const kind of Object.keys(first)) kinds[kind] = { ajv: of(kind, 'ajv'), ajvDefaults: of(kind, 'ajvDefaults') };
      combined.kinds[name] = kinds;
    }
    out[side] = combined;
  }
  return out;
}
