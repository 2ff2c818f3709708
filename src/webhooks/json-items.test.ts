import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayItemTexts, compactJson, receivedEventTexts, receivedEventTextsLater } from './json-items';

describe('compactJson', () => {
  it('drops whitespace between tokens and keeps it inside strings', () => {
    expect(compactJson('{ "a" : [ 1 ,\n\t2.50 ] ,\r\n "b": "x  \\" y " }')).toBe('{"a":[1,2.50],"b":"x  \\" y "}');
    expect(compactJson('{"a":1}')).toBe('{"a":1}');
  });

  it('gives what JSON.stringify gives for any value printed with indentation', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(compactJson(JSON.stringify(value, null, 2))).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe('arrayItemTexts', () => {
  it('splits a top-level array into the text of each item, as sent', () => {
    expect(arrayItemTexts('[]')).toEqual([]);
    expect(arrayItemTexts(' [ ] ')).toEqual([]);
    expect(arrayItemTexts('[{"a":30.0,"b":"],["},\n  {"c":[1,{"d":[]}]} , 7, "s", null]')).toEqual([
      '{"a":30.0,"b":"],["}',
      '{"c":[1,{"d":[]}]}',
      '7',
      '"s"',
      'null',
    ]);
  });

  it('gives back every item of any array', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 6 }), (items) => {
        const texts = arrayItemTexts(JSON.stringify(items, null, 1));
        expect(texts.map((text) => JSON.parse(text))).toEqual(JSON.parse(JSON.stringify(items)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('receivedEventTexts', () => {
  it('puts the generated values an event left out first, and writes NaN and Infinity as null', () => {
    const body = '[{"kind":"PauseEvent","source":"user"}, {"kind":"X","id":"e2","timestamp":"t","v":[NaN,-Infinity,1.0]}, {}]';
    const inputs = [{ kind: 'PauseEvent', source: 'user' }, { kind: 'X', id: 'e2', timestamp: 't', v: [] }, {}];
    const decoded = [
      { id: 'g1', timestamp: 't1', source: 'user', kind: 'PauseEvent' },
      { id: 'e2', timestamp: 't', kind: 'X' },
      { id: 'g3', timestamp: 't3', key: 'k3' },
    ];
    expect(receivedEventTexts(body, inputs, decoded)).toEqual([
      '{"id":"g1","timestamp":"t1","kind":"PauseEvent","source":"user"}',
      '{"kind":"X","id":"e2","timestamp":"t","v":[null,null,1.0]}',
      '{"id":"g3","timestamp":"t3","key":"k3"}',
    ]);
  });
});

describe('receivedEventTextsLater', () => {
  it('reads the generated values at once and the body only when a text is first asked for', () => {
    const body = '[{"kind":"PauseEvent"},{"kind":"PauseEvent","id":"e2"}]';
    const inputs = [{ kind: 'PauseEvent' }, { kind: 'PauseEvent', id: 'e2' }];
    const decoded = [
      { id: 'g1', kind: 'PauseEvent' },
      { id: 'e2', kind: 'PauseEvent' },
    ];
    const textOf = receivedEventTextsLater(body, inputs, decoded);
    // A listener changing an event afterwards changes nothing of what was received.
    (decoded[0] as { id: string }).id = 'changed';
    expect(textOf(1)).toBe('{"kind":"PauseEvent","id":"e2"}');
    expect(textOf(0)).toBe('{"id":"g1","kind":"PauseEvent"}');
  });
});
