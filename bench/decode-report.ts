/** The decode section of docs/benchmarks.md, from the combined samples of bench/decode.ts. */
import { CORPUS_NAMES } from './corpus';
import type { Side, SideSample } from './decode';
import { format } from './measure';

const CORPUS_TITLES = {
  mix: 'realistic mix',
  sparse: 'every kind, sparse',
  full: 'every kind, full shape',
} as const;

/** `ratio` against a target of at least (`min`) or at most (`max`) `target`, with the verdict. */
export function verdict(ratio: number, target: number, direction: 'min' | 'max'): string {
  const met = direction === 'min' ? ratio >= target : ratio <= target;
  const by = Math.abs(ratio - target).toFixed(2);
  return `${ratio.toFixed(2)} (${met ? 'met' : `missed by ${by}`})`;
}

export function decodeReport(sides: Record<Side, SideSample>, processes: number): string[] {
  const rate = (side: Side, corpus: (typeof CORPUS_NAMES)[number]) => sides[side]?.corpora[corpus] ?? Number.NaN;
  const lines = [
    '## Decode',
    '',
    `Each side runs in a process of its own, without forced GC; every figure is the median over ${processes}`,
    'processes (each the median of 7 runs), the processes of all sides interleaved. Three corpora of events the',
    'service accepts: the **realistic mix** (2,400 events: recorded conversations, plus a few generated events of',
    'every kind); **every kind, sparse** (the 19 event kinds, 40 events each, only the required fields, every',
    'other event without `id` and `timestamp`, which the decoder then generates); **every kind, full shape**',
    '(the same events as the service serializes them, every field present). Ajv 8 is `Ajv2020` with',
    '`discriminator: true`, compiled once; with `useDefaults: true` it also fills the defaults the document lists',
    '(it cannot generate ids or timestamps). Every side starts from the JSON text.',
    '',
    '| corpus | JSON.parse | + Ajv | + Ajv useDefaults | + `safeDecodeEvent` | decode ÷ Ajv (target ≥ 1.0) | decode ÷ Ajv useDefaults | parse + decode, × JSON.parse (target ≤ 2.5) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const corpus of CORPUS_NAMES) {
    const agentwire = rate('agentwire', corpus);
    lines.push(
      `| ${CORPUS_TITLES[corpus]} | ${format(rate('parse', corpus))} | ${format(rate('ajv', corpus))} | ${format(rate('ajvDefaults', corpus))} | ${format(agentwire)} | ${verdict(agentwire / rate('ajv', corpus), 1, 'min')} | ${(agentwire / rate('ajvDefaults', corpus)).toFixed(2)} | ${verdict(rate('parse', corpus) / agentwire, 2.5, 'max')} |`,
    );
  }
  lines.push(
    '',
    'Events per second. What the parts are worth, same runs:',
    '',
    '| what | corpus | events/s | baseline | ratio |',
    '|---|---|---:|---|---:|',
  );
  for (const corpus of CORPUS_NAMES) {
    const valibot = rate('valibot', corpus);
    lines.push(
      `| the Valibot schemas alone (\`v.safeParse(EventSchema)\`, no fast decoder) | ${CORPUS_TITLES[corpus]} | ${format(valibot)} | \`safeDecodeEvent\` | ${(valibot / rate('agentwire', corpus)).toFixed(2)} |`,
    );
  }
  for (const corpus of CORPUS_NAMES) {
    const lax = rate('agentwire', corpus);
    lines.push(
      `| \`safeDecodeEvent\` with the service's lax coercion (the default) | ${CORPUS_TITLES[corpus]} | ${format(lax)} | \`coercion: 'strict'\`, ${format(rate('strict', corpus))} | ${(lax / rate('strict', corpus)).toFixed(2)} |`,
    );
  }
  lines.push(
    `| \`decodeEvents\`, 5-event batches | ${CORPUS_TITLES.mix} | ${format(rate('batch', 'mix'))} | Ajv | ${(rate('batch', 'mix') / rate('ajv', 'mix')).toFixed(2)} |`,
    `| \`encodeEvent\` (validate + full serialized shape) | ${CORPUS_TITLES.mix} | ${format(rate('encode', 'mix'))} | Ajv | ${(rate('encode', 'mix') / rate('ajv', 'mix')).toFixed(2)} |`,
    '',
    'By event kind (`safeDecodeEvent` ÷ Ajv, each kind measured on its own 40 events), so a slow kind cannot hide in an average:',
    '',
    '| kind | every kind, sparse | every kind, full shape |',
    '|---|---:|---:|',
  );
  const kinds = Object.keys(sides.agentwire?.kinds.sparse ?? {}).sort();
  const kindRatio = (corpus: 'sparse' | 'full', kind: string) =>
    (sides.agentwire?.kinds[corpus]?.[kind] ?? Number.NaN) / (sides.ajv?.kinds[corpus]?.[kind] ?? Number.NaN);
  for (const kind of kinds) lines.push(`| ${kind} | ${kindRatio('sparse', kind).toFixed(2)} | ${kindRatio('full', kind).toFixed(2)} |`);
  const all = kinds.flatMap((kind) => [kindRatio('sparse', kind), kindRatio('full', kind)]);
  lines.push('', `Slowest kind: ${Math.min(...all).toFixed(2)}× Ajv; fastest: ${Math.max(...all).toFixed(2)}×.`, '');
  return lines;
}
