import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapNumberTokens, mayNeedExactParse, parseExact } from './json-numbers';
import { endOfString, exceedsArrayItems } from './json-scan';

const roundTrip = (text: string) => {
  const { value, restore } = parseExact(text);
  const json = JSON.stringify(value);
  return restore ? restore(json) : json;
};

describe('parseExact', () => {
  it('keeps the digits of integers past 2^53, and only of those', () => {
    expect(roundTrip('[123456789012345678901234567890,-98765432109876543210,9007199254740993,9007199254740991,1e21,1.5]')).toBe(
      '[123456789012345678901234567890,-98765432109876543210,9007199254740993,9007199254740991,1e+21,1.5]',
    );
  });

  it('gives each large integer its own marker, even when a float has the same value or the integer repeats', () => {
    const big = '123456789012345678901234567890';
    const same = String(Number(big)); // 1.2345678901234568e+29: a float literal with the big integer's double
    const { value, restore } = parseExact(`{"a":${big},"b":${same},"c":${big},"d":"${big}"}`);
    const parsed = value as Record<string, number>;
    expect(parsed.b).toBe(Number(big));
    expect(new Set([parsed.a, parsed.b, parsed.c]).size).toBe(3);
    expect(Number.isInteger(parsed.a) && Number.isInteger(parsed.c)).toBe(true);
    expect(restore?.(JSON.stringify(value))).toBe(`{"a":${big},"b":${same.replace('e', 'e')},"c":${big},"d":"${big}"}`);
  });

  it('reads integers past the largest double as finite integers of the same sign', () => {
    const huge = '9'.repeat(400);
    const { value, restore } = parseExact(`[${huge},-${huge},${huge}]`);
    const [a, b, c] = value as number[];
    expect([Number.isFinite(a), Number.isFinite(b), Number.isFinite(c), (a as number) > 0, (b as number) < 0, a !== c]).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(restore?.(JSON.stringify(value))).toBe(`[${huge},-${huge},${huge}]`);
  });

  it('accepts NaN, Infinity and -Infinity as Python does, and writes them as null', () => {
    const { value } = parseExact('{"a":NaN,"b":[Infinity,-Infinity],"c":"NaN","d":5e-324}');
    const parsed = value as { a: number; b: number[]; c: string; d: number };
    expect(parsed.a).toBeNaN();
    expect(parsed.b).toEqual([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
    expect(parsed.c).toBe('NaN');
    expect(parsed.d).toBe(5e-324);
    expect(roundTrip('{"a":NaN,"b":[Infinity,-Infinity]}')).toBe('{"a":null,"b":[null,null]}');
  });

  it('reports malformed text at its position in the original', () => {
    expect(() => parseExact('[NaN, 12345678901234567890 x]')).toThrow(/position 27/);
    expect(() => parseExact('[-NaN]')).toThrow(SyntaxError);
    expect(() => parseExact('[nan]')).toThrow(SyntaxError);
  });
});

describe('the scanners', () => {
  it('only flag bodies that may need the exact path', () => {
    expect(mayNeedExactParse('[{"kind":"PauseEvent","id":"3f2a9c10-4a00-4a01-a001-5e1d0000b000"}]')).toBe(false);
    expect(mayNeedExactParse('[1234567890123456]')).toBe(true);
    expect(mayNeedExactParse('[Infinity]')).toBe(true);
  });

  it('flag a run of 16 digits wherever it starts, as the regular expression /\\d{16}|NaN|Infinity/ would', () => {
    const reference = /\d{16}|NaN|Infinity/;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('0', '7', '9', 'a', ',', '"', ' ', 'NaN', 'Infinity', '1234567890'), { maxLength: 80 }),
        (parts) => {
          const text = parts.join('');
          expect(mayNeedExactParse(text)).toBe(reference.test(text));
        },
      ),
      { numRuns: 3000 },
    );
    for (let start = 0; start < 40; start++) {
      for (const length of [15, 16, 17]) {
        const text = `${'x'.repeat(start)}${'5'.repeat(length)}${'y'.repeat(40 - start)}`;
        expect(mayNeedExactParse(text)).toBe(length >= 16);
      }
    }
  });

  it('count array items only when the body has enough commas to exceed the limit', () => {
    expect(exceedsArrayItems('[1,2,3]', 3)).toBe(false);
    expect(exceedsArrayItems('[1,2,3,4]', 3)).toBe(true);
    expect(exceedsArrayItems('[{"a":[1,2,3,4]}]', 3)).toBe(false);
    expect(exceedsArrayItems('["a,b,c,d"]', 3)).toBe(false);
  });

  it('find number tokens outside strings only, escaped quotes included', () => {
    const seen: string[] = [];
    mapNumberTokens('{"a\\"1":2,"b":[-3.5e2,"4\\\\",5]}', (token) => {
      seen.push(token);
      return undefined;
    });
    expect(seen).toEqual(['2', '-3.5e2', '5']);
    expect(endOfString('"a\\\\"b"', 0)).toBe(4);
    expect(endOfString('"never closes', 0)).toBe(13);
  });

  it('count the items of the top-level array and stop early', () => {
    expect(exceedsArrayItems('[1,2,3]', 3)).toBe(false);
    expect(exceedsArrayItems(' [1,2,3,4]', 3)).toBe(true);
    expect(exceedsArrayItems('[[1,2,3,4],{"a":1,"b":2},"x,y,z,w"]', 3)).toBe(false);
    expect(exceedsArrayItems('{"a":[1,2,3,4,5]}', 3)).toBe(false);
    expect(exceedsArrayItems(`[${'1,'.repeat(1_000_000)}1`, 10)).toBe(true);
    expect(exceedsArrayItems('[', 3)).toBe(false);
  });
});
