import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEvent, EVENT_KINDS, encodeEvent, safeDecodeEvent, safeDecodeEvents, type ValidationErrorItem } from '../../src/events/index';
import { createGenerator } from './generate-cases';
import { loadSchemas, unionMembers } from './oracle';

function wellFormed(detail: ValidationErrorItem[]): boolean {
  return (
    detail.length > 0 && detail.every((item) => typeof item.type === 'string' && Array.isArray(item.loc) && typeof item.msg === 'string')
  );
}

const eventLike = fc.record(
  { kind: fc.oneof(fc.constantFrom(...EVENT_KINDS), fc.string()), source: fc.constantFrom('agent', 'user', 'bot'), extra: fc.jsonValue() },
  { requiredKeys: ['kind'] },
);

describe('decoding never throws', () => {
  it('safeDecodeEvent on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = safeDecodeEvent(value);
        return result.success || wellFormed(result.detail);
      }),
      { numRuns: 2000 },
    );
  });

  it('safeDecodeEvent on objects with real kinds and random fields', () => {
    fc.assert(
      fc.property(eventLike, fc.dictionary(fc.string(), fc.jsonValue()), (event, more) => {
        const result = safeDecodeEvent({ ...more, ...event }, { unknownKinds: 'keep' });
        return result.success || wellFormed(result.detail);
      }),
      { numRuns: 2000 },
    );
  });

  it('safeDecodeEvents on any JSON value, and paths of a batch start with the index', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.jsonValue(), eventLike), { maxLength: 6 }), (batch) => {
        const result = safeDecodeEvents(batch);
        if (result.success) return result.output.length === batch.length;
        return wellFormed(result.detail) && result.detail.every((item) => typeof item.loc[0] === 'number');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('round trips', () => {
  const members = unionMembers(loadSchemas(), 'Event-Input');

  it('decode(encode(decode(x))) equals decode(x) for generated events', () => {
    const runs = 500;
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(...members), (seed, member) => {
        const value = createGenerator(seed).valid(member);
        const first = safeDecodeEvent(value);
        if (!first.success) return true; // a generated value may break a rule JSON Schema cannot state
        const again = decodeEvent(encodeEvent(first.output));
        expect(again).toEqual(first.output);
        expect(JSON.parse(JSON.stringify(encodeEvent(again)))).toEqual(encodeEvent(first.output));
        checked++;
        return true;
      }),
      { numRuns: runs },
    );
    // The property holds only if it was really checked: nearly every generated event decodes (all 500 today).
    expect(checked).toBeGreaterThanOrEqual(runs * 0.9);
  });

  it("with unknownFields: 'keep', decode(encode(decode(x + a field no model defines))) keeps the field, reported at its place", () => {
    const KEEP = { unknownFields: 'keep' } as const;
    const runs = 300;
    let checked = 0;
    const futureKey = fc.stringMatching(/^[a-z][a-z_]{0,12}$/).map((name) => `future_${name}`);
    // Nested objects of a model, where a newer server might add a field too.
    const NESTED = ['action', 'observation', 'llm_message', 'tool_call', 'classification'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.constantFrom(...members),
        futureKey,
        fc.jsonValue(),
        (seed, member, key, value) => {
          const event = createGenerator(seed).valid(member) as Record<string, unknown>;
          const nested = NESTED.find((name) => event[name] !== null && typeof event[name] === 'object' && !Array.isArray(event[name]));
          const input: Record<string, unknown> = { ...event, [key]: value };
          if (nested) input[nested] = { ...(event[nested] as object), [key]: value };
          const first = safeDecodeEvent(input, KEEP);
          if (!first.success) return true; // a generated value may break a rule JSON Schema cannot state
          const expected = [{ key, path: [key] }, ...(nested ? [{ key, path: [nested, key] }] : [])];
          // The generated event may hold keys of its own that open models do not define.
          const ours = (first.unknownFields ?? []).filter((field) => field.key === key).map(({ key, path }) => ({ key, path }));
          expect(ours.sort((a, b) => a.path.length - b.path.length)).toEqual(expected);
          const again = decodeEvent(JSON.parse(JSON.stringify(encodeEvent(first.output))), KEEP) as unknown as Record<string, unknown>;
          expect(JSON.stringify(again[key])).toBe(JSON.stringify(value));
          if (nested) expect(JSON.stringify((again[nested] as Record<string, unknown>)[key])).toBe(JSON.stringify(value));
          const keys = Object.keys(again);
          expect(keys[keys.length - 1]).toBe('kind');
          checked++;
          return true;
        },
      ),
      { numRuns: runs },
    );
    expect(checked).toBeGreaterThanOrEqual(runs * 0.9);
  });
});
