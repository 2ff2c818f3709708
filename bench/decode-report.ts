/** The decode section of docs/benchmarks.md, from the combined samples of bench/decode.ts. */
import { CORPUS_NAMES } from './corpus';
import { KIND_CORPORA, type Side, type SideSample } from './decode';
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
    '| corpus | JSON.parse | + Ajv | + Ajv useDefaults | + `safeDecodeEvent` | decode ÷ Ajv (target ≥ 1.0; mix ≥ 1.2) | decode ÷ Ajv useDefaults | parse + decode, × JSON.parse (target ≤ 2.0) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const corpus of CORPUS_NAMES) {
    const agentwire = rate('agentwire', corpus);
    lines.push(
      `| ${CORPUS_TITLES[corpus]} | ${format(rate('parse', corpus))} | ${format(rate('ajv', corpus))} | ${format(rate('ajvDefaults', corpus))} | ${format(agentwire)} | ${verdict(agentwire / rate('ajv', corpus), corpus === 'mix' ? 1.2 : 1, 'min')} | ${(agentwire / rate('ajvDefaults', corpus)).toFixed(2)} | ${verdict(rate('parse', corpus) / agentwire, 2, 'max')} |`,
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
    'By event kind (target ≥ 1.0 for every kind), so a slow kind cannot hide in an average, measured two ways,',
    'each kind on its own 40 events, JSON.parse inside every side as above. **Separate processes**: the rates',
    'of the `safeDecodeEvent` and Ajv processes above (5 runs of 2,000 events each), median over the processes,',
    'divided. **Paired**: `safeDecodeEvent`, Ajv and Ajv `useDefaults` in one process of their own, each first run',
    '5 times over both corpora (so no kind pays for compiling code), then their runs (4,000 events each)',
    'interleaved and timed in CPU time of the process (`process.cpuUsage`: waiting for a core does not count);',
    'the median of 15 per-round ratios, then the median over the processes. Below 1.0 in bold.',
    '',
    '| kind | sparse, separate ÷ Ajv | sparse, paired ÷ Ajv | sparse, paired ÷ Ajv useDefaults | full, separate ÷ Ajv | full, paired ÷ Ajv | full, paired ÷ Ajv useDefaults |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  type KindCorpus = (typeof KIND_CORPORA)[number];
  const kinds = Object.keys(sides.kinds?.kinds.sparse ?? sides.agentwire?.rates.sparse ?? {}).sort();
  const separate = (corpus: KindCorpus, kind: string) =>
    (sides.agentwire?.rates[corpus]?.[kind] ?? Number.NaN) / (sides.ajv?.rates[corpus]?.[kind] ?? Number.NaN);
  const paired = (corpus: KindCorpus, kind: string, baseline: 'ajv' | 'ajvDefaults') =>
    sides.kinds?.kinds[corpus]?.[kind]?.[baseline] ?? Number.NaN;
  const cell = (value: number) => (value >= 1 ? value.toFixed(2) : `**${value.toFixed(2)}**`);
  for (const kind of kinds) {
    const row = KIND_CORPORA.flatMap((corpus) => [
      separate(corpus, kind),
      paired(corpus, kind, 'ajv'),
      paired(corpus, kind, 'ajvDefaults'),
    ]);
    lines.push(`| ${kind} | ${row.map(cell).join(' | ')} |`);
  }
  const views = [
    ['separate processes, ÷ Ajv', (corpus: KindCorpus, kind: string) => separate(corpus, kind)],
    ['paired, ÷ Ajv', (corpus: KindCorpus, kind: string) => paired(corpus, kind, 'ajv')],
    ['paired, ÷ Ajv useDefaults', (corpus: KindCorpus, kind: string) => paired(corpus, kind, 'ajvDefaults')],
  ] as const;
  lines.push('');
  for (const [title, of] of views) {
    const all = KIND_CORPORA.flatMap((corpus) => kinds.map((kind) => of(corpus, kind)));
    const below = all.filter((value) => value < 1).length;
    lines.push(
      `- ${title}: ${all.length - below} of ${all.length} figures at least 1.0; slowest ${verdict(Math.min(...all), 1, 'min')}, fastest ${Math.max(...all).toFixed(2)}.`,
    );
  }
  lines.push('');
  return lines;
}
