import { inspect, isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rememberReceivedJson, stringifyEvent } from './stored-json';

const event = () => ({ kind: 'MessageEvent', id: 'e1', source: 'user', extra: 30 });

describe('stringifyEvent', () => {
  it('gives the remembered text, worked out once, and JSON.stringify for an event never received', () => {
    const received = event();
    let workedOut = 0;
    rememberReceivedJson(received, () => {
      workedOut++;
      return '{"kind":"MessageEvent","id":"e1","source":"user","extra":30.0}';
    });
    expect(stringifyEvent(received)).toBe('{"kind":"MessageEvent","id":"e1","source":"user","extra":30.0}');
    expect(stringifyEvent(received)).toBe('{"kind":"MessageEvent","id":"e1","source":"user","extra":30.0}');
    expect(workedOut).toBe(1);
    expect(stringifyEvent(event())).toBe(JSON.stringify(event()));
    // A copy is another event: it was not received.
    expect(stringifyEvent({ ...received })).toBe(JSON.stringify(event()));
  });

  it('leaves the event as it was to everything but itself: keys, JSON, deep equality, inspection', () => {
    const received = event();
    rememberReceivedJson(received, '{"kind":"MessageEvent","id":"e1","source":"user","extra":30.0}');
    expect(Object.keys(received)).toEqual(Object.keys(event()));
    expect(JSON.stringify(received)).toBe(JSON.stringify(event()));
    expect(received).toStrictEqual(event());
    expect(isDeepStrictEqual(received, event())).toBe(true);
    expect(inspect(received)).toBe(inspect(event()));
  });

  it('remembers the text of a frozen event too', () => {
    const frozen = Object.freeze(event());
    rememberReceivedJson(frozen, () => '{"frozen":true}');
    expect(stringifyEvent(frozen)).toBe('{"frozen":true}');
    expect(stringifyEvent(frozen)).toBe('{"frozen":true}');
  });
});
