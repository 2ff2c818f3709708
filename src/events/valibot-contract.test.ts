// What the event codec relies on in Valibot beyond its documented API, checked on the installed
// version. The service's rules need a decode configuration that reaches every nested schema
// (`unknownKinds`, `coercion`, the record of popped keys): Valibot's public `parse`/`safeParse`
// rebuild the configuration from its known keys only, so the codec calls a schema's `~run` with its
// own configuration object and replaces `~run` on copies of Valibot schemas (with-run.ts). That is
// why `valibot` is pinned to one exact version in package.json: an upgrade must pass this file
// before the pin moves. If a test here fails after an upgrade, the codec's decode path (decode.ts,
// with-run.ts, kind-union.ts, lax.ts, collections.ts) and the issue translation (detail.ts) need a
// look before anything else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { enumOf, literalOf, nonEmptyString } from './schema-helpers';
import type { DecodeConfig } from './service-issue';
import { withRun } from './with-run';

const root = join(import.meta.dirname, '../..');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;

/** A schema that records the configuration it was run with. */
function probe(seen: DecodeConfig[]): v.GenericSchema<unknown, unknown> {
  return withRun(v.unknown(), (original) => (dataset, config) => {
    seen.push(config);
    return original(dataset, config);
  });
}

describe('valibot, as the codec uses it', () => {
  it('is pinned to the exact version installed', () => {
    const pinned = (readJson('package.json').dependencies as Record<string, string>).valibot;
    const installed = readJson('node_modules/valibot/package.json').version;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
  });

  it("passes the very configuration object given to `~run` down to every nested schema's `~run`", () => {
    const seen: DecodeConfig[] = [];
    const p = probe(seen);
    const schema = v.variant('kind', [
      v.object({
        kind: v.literal('a'),
        list: v.array(v.nullable(v.optional(p))),
        map: v.record(v.string(), p),
        strict: v.strictObject({ x: p }),
        loose: v.looseObject({ y: p }),
        piped: v.pipe(
          p,
          v.check(() => true),
        ),
        choice: v.union([v.number(), p]),
      }),
    ]);
    const config: DecodeConfig = { abortEarly: false, abortPipeEarly: false, unknownKinds: 'keep', coercion: 'strict' };
    const input = { kind: 'a', list: [1, null], map: { k: 2 }, strict: { x: 3 }, loose: { y: 4 }, piped: 5, choice: 'six' };
    const dataset = schema['~run']({ value: input }, config);
    expect(dataset).toEqual({ typed: true, value: input });
    expect(seen.length).toBe(6);
    for (const item of seen) expect(item).toBe(config);
  });

  it('runs a replaced `~run` from the public parse functions and from the Standard Schema interface', async () => {
    const seen: DecodeConfig[] = [];
    const schema = v.object({ a: probe(seen) });
    expect(v.safeParse(schema, { a: 1 }).success).toBe(true);
    expect(v.parse(schema, { a: 1 })).toEqual({ a: 1 });
    const standard = await schema['~standard'].validate({ a: 1 });
    expect(standard.issues).toBeUndefined();
    expect(standard).toMatchObject({ value: { a: 1 } });
    expect(seen.length).toBe(3);
  });

  it('fails a dataset as `{ typed: false, value, issues }`, with the issue fields detail.ts reads', () => {
    const config: DecodeConfig = { abortEarly: false, abortPipeEarly: false };
    const run = (schema: v.GenericSchema, value: unknown) => schema['~run']({ value }, config);

    const picked = run(v.object({ mode: enumOf(['view', 'plan']) }), { mode: 'edit' });
    expect(picked.typed).toBe(false);
    expect(picked.value).toEqual({ mode: 'edit' });
    const [enumIssue] = picked.issues ?? [];
    // detail.ts tells an enum from a literal by the message the codec gives the picklist, and
    // reads the options back from `expected`.
    expect(enumIssue).toMatchObject({ type: 'picklist', expected: '("view" | "plan")', message: "Input should be 'view' or 'plan'" });
    expect(enumIssue?.path?.map((item) => item.key)).toEqual(['mode']);

    expect(run(literalOf(['text']), 'image').issues?.[0]).toMatchObject({ type: 'picklist', expected: '"text"' });
    expect(run(v.literal('text'), 'image').issues?.[0]).toMatchObject({ type: 'literal', expected: '"text"' });
    expect(run(nonEmptyString(1), '').issues?.[0]).toMatchObject({ type: 'min_length', requirement: 1 });
    expect(run(v.string(), 1).issues?.[0]).toMatchObject({ type: 'string' });
    expect(run(v.array(v.string()), 1).issues?.[0]).toMatchObject({ type: 'array' });
    expect(run(v.null(), 1).issues?.[0]).toMatchObject({ type: 'null' });

    const nested = run(v.array(v.object({ a: v.string() })), [{ a: 'x' }, { a: 2 }]);
    expect(nested.issues?.[0]?.path?.map((item) => item.key)).toEqual([1, 'a']);
  });

  it('keeps a copy of a schema usable (entries, options, type) when only `~run` is replaced', () => {
    const original = v.object({ a: v.string() });
    const copy = withRun(original, (run) => run);
    expect(copy.type).toBe('object');
    expect(copy.entries).toBe(original.entries);
    expect(v.safeParse(copy, { a: 'x' }).output).toEqual({ a: 'x' });
  });
});
