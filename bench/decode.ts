/** Decode, batch decode and encode against JSON.parse alone and Ajv on the same corpus. */
import { decodeEvents, type Event, encodeEvent, safeDecodeEvent } from '../src/events/index';
import { createOracle } from '../test/conformance/oracle';
import { buildCorpus } from './corpus';
import { throughput } from './measure';

/** One row of the report. */
export interface Row {
  name: string;
  rate: number;
  baseline?: string;
  ratio?: number;
  target?: string;
}

export function benchDecode(): { rows: Row[]; corpusSize: number } {
  const corpus = buildCorpus();
  const texts = corpus.map((event) => JSON.stringify(event));
  const batches: string[] = [];
  for (let i = 0; i < corpus.length; i += 5) batches.push(JSON.stringify(corpus.slice(i, i + 5)));
  const oracle = createOracle();
  for (const event of corpus) {
    if (!oracle.validate('Event-Input', event) || !safeDecodeEvent(event).success) throw new Error('corpus event rejected');
  }
  const decoded = corpus.map((event) => safeDecodeEvent(event).output as Event);
  // Each timed run goes over the corpus several times, so a run lasts long enough to measure.
  const REPEAT = 8;
  const n = corpus.length * REPEAT;
  const repeat = (fn: () => void) => () => {
    for (let r = 0; r < REPEAT; r++) fn();
  };

  const parse = throughput(
    n,
    repeat(() => {
      for (const text of texts) JSON.parse(text);
    }),
  );
  const ajv = throughput(
    n,
    repeat(() => {
      for (const text of texts) if (!oracle.validate('Event-Input', JSON.parse(text))) throw new Error('invalid');
    }),
  );
  const agentwire = throughput(
    n,
    repeat(() => {
      for (const text of texts) if (!safeDecodeEvent(JSON.parse(text)).success) throw new Error('invalid');
    }),
  );
  const batch = throughput(
    n,
    repeat(() => {
      for (const text of batches) decodeEvents(JSON.parse(text));
    }),
  );
  const encode = throughput(
    n,
    repeat(() => {
      for (const event of decoded) encodeEvent(event);
    }),
  );
  return {
    corpusSize: n,
    rows: [
      { name: 'JSON.parse alone (the floor)', rate: parse },
      { name: 'JSON.parse + Ajv 8 (2020, discriminator, compiled once)', rate: ajv, baseline: 'JSON.parse', ratio: ajv / parse },
      {
        name: 'JSON.parse + safeDecodeEvent',
        rate: agentwire,
        baseline: 'Ajv',
        ratio: agentwire / ajv,
        target: '≥ 1.0 vs Ajv',
      },
      { name: 'JSON.parse + decodeEvents, 5-event batches', rate: batch, baseline: 'Ajv', ratio: batch / ajv },
      { name: 'encodeEvent (validate + full serialized shape)', rate: encode, baseline: 'Ajv', ratio: encode / ajv },
    ],
  };
}
