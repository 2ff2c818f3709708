import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FAIL, fastDecodeEvent } from '../../src/events/generated/fast-decode';
import {
  ActionSchema,
  decodeEvent,
  type Event,
  EventSchema,
  encodeEvent,
  ObservationSchema,
  safeDecodeEvent,
  ToolDefinitionSchema,
} from '../../src/events/index';
import { createGenerator, mutate } from './generate-cases';
import { createServiceOracle, loadSchemas, unionMembers } from './oracle';

const oracle = createServiceOracle();
const schemas = loadSchemas();
const VALID_PER_KIND = 40;
const MUTANTS_PER_VALID = 6;

type Verdict = (value: unknown) => boolean;

const UNIONS: { union: string; agentwire: Verdict }[] = [
  { union: 'Event-Input', agentwire: (value) => safeDecodeEvent(value).success },
  { union: 'Action-Input', agentwire: (value) => v.safeParse(ActionSchema, value).success },
  { union: 'Observation-Input', agentwire: (value) => v.safeParse(ObservationSchema, value).success },
  { union: 'ToolDefinition-Input', agentwire: (value) => v.safeParse(ToolDefinitionSchema, value).success },
];

/** Values the decoder makes up (fresh ids, the current time) cannot be compared between two runs. */
function withoutMadeUp(output: unknown, input: Record<string, unknown>): unknown {
  const copy = { ...(output as Record<string, unknown>) };
  for (const key of ['id', 'timestamp', 'key']) if (!(key in input)) delete copy[key];
  return copy;
}

/** The single-pass decoder, when it decides, gives exactly what the Valibot schemas give. */
function checkFastPath(input: Record<string, unknown>, problems: string[]): boolean {
  const fast = fastDecodeEvent(input, false);
  if (fast === FAIL) return false;
  const slow = v.safeParse(EventSchema, input);
  if (!slow.success) problems.push(`fast path accepts what the schemas reject: ${JSON.stringify(input)}`);
  else if (JSON.stringify(withoutMadeUp(fast, input)) !== JSON.stringify(withoutMadeUp(slow.output, input))) {
    problems.push(`fast path output differs: ${JSON.stringify(input)}`);
  }
  return true;
}

function checkRoundTrip(input: Record<string, unknown>, problems: string[]): void {
  const decoded = decodeEvent(input) as Event;
  const encoded = encodeEvent(decoded) as unknown as Record<string, unknown>;
  if (!oracle.validate('Event-Input', encoded)) problems.push(`encoded event rejected by the oracle: ${JSON.stringify(encoded)}`);
  const keys = Object.keys(encoded);
  if (keys[keys.length - 1] !== 'kind') problems.push(`kind is not last: ${keys.join(',')}`);
  for (const key of Object.keys(input)) if (!(key in encoded)) problems.push(`encode dropped ${key}`);
  expect(decodeEvent(encoded)).toEqual(decoded);
}

describe.each(UNIONS)('$union conforms to the reference schemas', ({ union, agentwire }) => {
  const members = unionMembers(schemas, union);

  it.each(members)('%s: agentwire and the oracle agree on every case', (member) => {
    const seed = [...member].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
    const generator = createGenerator(seed);
    const disagreements: string[] = [];
    const problems: string[] = [];
    let cases = 0;
    let validCases = 0;
    let fastCases = 0;
    for (let i = 0; i < VALID_PER_KIND; i++) {
      const sample = generator.valid(member);
      const candidates = [sample, ...Array.from({ length: MUTANTS_PER_VALID }, () => mutate(sample, generator.random))];
      for (const candidate of candidates) {
        cases++;
        const expected = oracle.validate(union, candidate);
        const actual = agentwire(candidate);
        if (expected !== actual) {
          disagreements.push(
            `oracle ${expected ? 'accepts' : 'rejects'}, agentwire ${actual ? 'accepts' : 'rejects'}: ${JSON.stringify(candidate)}`,
          );
        } else if (expected) {
          validCases++;
          if (union === 'Event-Input') {
            checkRoundTrip(candidate as Record<string, unknown>, problems);
            if (checkFastPath(candidate as Record<string, unknown>, problems)) fastCases++;
          }
        }
      }
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(100);
    // The generator must produce valid values, or the test would only ever see rejections.
    expect(validCases).toBeGreaterThanOrEqual(VALID_PER_KIND);
    // Valid events should almost never need the slow path.
    if (union === 'Event-Input') expect(fastCases / validCases).toBeGreaterThan(0.9);
  });
});
