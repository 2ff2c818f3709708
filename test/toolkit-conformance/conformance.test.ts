/**
 * agentwire against the service's own skill and plugin loaders: every case of the toolkit corpus
 * (test/fixtures/toolkit-conformance.README.md) agrees, or its id is in known-differences.json
 * with the classes of its disagreement. A listed case that now agrees fails too, so the list only
 * shrinks. `TOOLKIT_CONFORMANCE_MAP=<file>` writes the map of disagreements there;
 * `TOOLKIT_CONFORMANCE_WRITE=1` rewrites the list from the run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseResult } from './compare-case';
import { CASE_KINDS, loadToolkitCorpus } from './corpus';
import { renderMap } from './render-map';
import { runCorpus } from './run-corpus';
import { reasonOf, summarize } from './summary';

const KNOWN_FILE = new URL('./known-differences.json', import.meta.url);
const corpus = loadToolkitCorpus();
const known = JSON.parse(readFileSync(KNOWN_FILE, 'utf8')) as Record<string, string>;
let results: CaseResult[] = [];

beforeAll(async () => {
  results = await runCorpus(corpus);
  const mapFile = process.env.TOOLKIT_CONFORMANCE_MAP;
  if (mapFile) writeFileSync(mapFile, renderMap(summarize(results, corpus)));
  if (process.env.TOOLKIT_CONFORMANCE_WRITE === '1') {
    const entries = results.filter((result) => result.differences.length > 0).map((result) => [result.id, reasonOf(result)]);
    writeFileSync(KNOWN_FILE, `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`);
  }
}, 600_000);

describe('the toolkit corpus', () => {
  it('holds 2,073 cases (5,873 units) of six kinds', () => {
    expect(corpus).toHaveLength(2073);
    expect(summarize(results, corpus).total.units).toBe(5873);
    expect(new Set(corpus.map((entry) => entry.kind))).toEqual(new Set(CASE_KINDS));
  });

  it('lists only ids of the corpus among the known differences', () => {
    const ids = new Set(corpus.map((entry) => entry.id));
    expect(Object.keys(known).filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('agentwire answers as the service does', () => {
  it.each(CASE_KINDS)('%s: every case agrees, or is a known difference', (kind) => {
    const ofKind = results.filter((result) => result.kind === kind);
    expect(ofKind.length).toBeGreaterThan(0);
    const unexpected = ofKind
      .filter((result) => result.differences.length > 0 && !(result.id in known))
      .map((result) => `${result.id}: ${result.differences.map((d) => `[${d.cls}] ${d.detail}`).join('\n    ')}`);
    expect(unexpected, `${unexpected.length} cases disagree and are not listed:\n${unexpected.join('\n')}`).toEqual([]);
  });

  it('agrees on no case the known differences list (remove those ids from the list)', () => {
    const fixed = results.filter((result) => result.differences.length === 0 && result.id in known).map((result) => result.id);
    expect(fixed, `${fixed.length} listed cases agree now: ${fixed.join(', ')}`).toEqual([]);
  });
});
