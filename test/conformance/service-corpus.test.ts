/**
 * agentwire against the service's own verdicts: every line of the corpus through `safeDecodeEvent`
 * (verdict, output and `detail`) and through the webhook handler (status and body of a one-event
 * batch). One test per event kind; a failure lists every disagreeing line.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FAIL, fastDecodeEvent } from '../../src/events/generated/fast-decode';
import { EVENT_KINDS, EventSchema, encodeEvent, safeDecodeEvent } from '../../src/events/index';
import { createWebhookHandler } from '../../src/webhooks/index';
import { comparable, describeLine, detailOfEvent, loadCorpus, sameJson } from './service-corpus';

const corpus = loadCorpus();
const kinds = [...new Set(corpus.map((line) => line.kind))].sort();
const ID = '6b1b7d0a-64a5-4c4e-9a55-1f5e3c1d2a77';

describe('the corpus', () => {
  it('holds 10,281 lines covering the 19 event kinds, both verdicts', () => {
    expect(corpus).toHaveLength(10281);
    expect(kinds).toEqual([...EVENT_KINDS].sort());
    expect(corpus.filter((line) => line.status === 200).length).toBe(3591);
    expect(corpus.filter((line) => line.status === 422).length).toBe(6690);
  });
});

describe('safeDecodeEvent decides as the service does', () => {
  it.each(kinds)('%s: same verdict, same output, same detail', (kind) => {
    const problems: string[] = [];
    const lines = corpus.filter((line) => line.kind === kind);
    for (const line of lines) {
      const input = structuredClone(line.event);
      const result = safeDecodeEvent(input);
      if (!sameJson(input, line.event)) problems.push(describeLine(line, 'the input was modified', input, line.event));
      if (line.status === 200) {
        if (!result.success) {
          problems.push(describeLine(line, 'rejected what the service accepts', result.detail, line.dumped));
          continue;
        }
        const ours = comparable(result.output, line.event);
        const theirs = comparable(line.dumped, line.event);
        if (!sameJson(ours, theirs)) problems.push(describeLine(line, 'output differs from the service dump', ours, theirs));
        // encodeEvent gives what the service dumps: the decoded event, unchanged.
        const encoded = encodeEvent(result.output);
        if (!sameJson(encoded, result.output)) problems.push(describeLine(line, 'encodeEvent changed the event', encoded, result.output));
        // When the single-pass decoder decides, it decides the same.
        const fast = fastDecodeEvent(line.event, false);
        if (fast !== FAIL && !sameJson(comparable(fast, line.event), ours)) {
          problems.push(describeLine(line, 'the fast path differs', comparable(fast, line.event), ours));
        }
      } else if (result.success) {
        problems.push(describeLine(line, 'accepted what the service rejects', result.output, line.detail));
      } else if (!sameJson(result.detail, detailOfEvent(line))) {
        problems.push(describeLine(line, 'detail differs', result.detail, detailOfEvent(line)));
      } else if (fastDecodeEvent(line.event, false) !== FAIL || v.safeParse(EventSchema, line.event).success) {
        problems.push(describeLine(line, 'a decoder path accepts it', null, line.detail));
      }
    }
    expect(lines.length).toBeGreaterThan(100);
    expect(problems, `${problems.length} of ${lines.length} lines disagree:\n${problems.join('\n')}`).toEqual([]);
  });
});

describe("unknownFields: 'keep' differs from the service only on keys no model defines", () => {
  const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

  it.each(kinds)('%s: accepts what is refused only for unknown keys, reports each, and changes nothing else', (kind) => {
    const problems: string[] = [];
    for (const line of corpus.filter((candidate) => candidate.kind === kind)) {
      const result = safeDecodeEvent(structuredClone(line.event), { unknownFields: 'keep' });
      const reported = (result.unknownFields ?? []).map((field) => JSON.stringify(field.path));
      if (line.status === 200) {
        if (!result.success) problems.push(describeLine(line, "'keep' rejects what the service accepts", result.detail, line.dumped));
        else if (reported.length === 0 && !sameJson(comparable(result.output, line.event), comparable(line.dumped, line.event))) {
          problems.push(describeLine(line, "'keep' gives another output", result.output, line.dumped));
        }
        continue;
      }
      const extras = detailOfEvent(line) as { type: string; loc: (string | number)[] }[];
      if (!extras.every((item) => item.type === 'extra_forbidden' && !UNSAFE.has(String(item.loc.at(-1))))) continue;
      if (!result.success)
        problems.push(describeLine(line, "'keep' rejects what is refused only for unknown keys", result.detail, line.detail));
      else {
        const missing = extras.filter((item) => !reported.includes(JSON.stringify(item.loc)));
        if (missing.length > 0)
          problems.push(describeLine(line, "'keep' does not report every unknown key", result.unknownFields, missing));
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('the webhook handler answers as the service does', () => {
  const handler = createWebhookHandler({ apiKey: 'corpus-key' });
  const headers = { 'x-session-api-key': 'corpus-key' };

  it.each(kinds)('%s: same status, same body for a one-event batch', async (kind) => {
    const problems: string[] = [];
    const lines = corpus.filter((line) => line.kind === kind);
    for (const line of lines) {
      const answer = await handler.receive({ conversationId: ID, headers, body: JSON.stringify([line.event]) });
      const body = JSON.parse(JSON.stringify(answer.body)) as unknown;
      const expected = line.status === 200 ? { success: true } : { detail: line.detail };
      if (answer.status !== line.status || !sameJson(body, expected)) {
        problems.push(describeLine(line, `answered ${answer.status}, the service ${line.status}`, body, expected));
      }
    }
    expect(problems, `${problems.length} of ${lines.length} lines disagree:\n${problems.join('\n')}`).toEqual([]);
  });
});
