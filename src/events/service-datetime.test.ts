import { describe, expect, it } from 'vitest';
import { decodeEvent, safeDecodeEvent } from './decode';
import { isCanonicalDateTime, readServiceDateTime } from './service-datetime';

describe('readServiceDateTime', () => {
  it.each([
    ['2026-04-05T22:58:32.857078', '2026-04-05T22:58:32.857078'],
    ['2026-04-05 22:58:32', '2026-04-05T22:58:32'],
    ['2026-04-05t22:58', '2026-04-05T22:58:00'],
    ['2026-04-05_22:58:32.5', '2026-04-05T22:58:32.500000'],
    ['2026-04-05T22:58:32.000', '2026-04-05T22:58:32'],
    ['2026-04-05T22:58:32.1234567', '2026-04-05T22:58:32.123456'],
    ['2026-04-05T22:58:32Z', '2026-04-05T22:58:32Z'],
    ['2026-04-05T22:58:32+00:00', '2026-04-05T22:58:32Z'],
    ['2026-04-05T22:58:32+0200', '2026-04-05T22:58:32+02:00'],
    ['2026-04-05T22:58:32-05', '2026-04-05T22:58:32-05:00'],
    ['2024-02-29', '2024-02-29T00:00:00'],
    ['123', '1970-01-01T00:02:03Z'],
    ['1.5', '1970-01-01T00:00:01.500000Z'],
    [123, '1970-01-01T00:02:03Z'],
    [1.5, '1970-01-01T00:00:01.500000Z'],
    [-86400, '1969-12-31T00:00:00Z'],
    [1_700_000_000_000, '2023-11-14T22:13:20Z'],
  ])('reads %j as %j', (input, expected) => {
    expect(readServiceDateTime(input)).toBe(expected);
  });

  it.each([
    ['2026-13-01', 'month value is outside expected range of 1-12'],
    ['2026-02-30T00:00:00', 'day value is outside expected range'],
    ['2026-04-05T25:00:00', 'unexpected extra characters at the end of the input'],
    ['not a date', 'invalid character in year'],
    ['2026/04/05', 'invalid date separator, expected `-`'],
    ['', 'input is too short'],
    ['99999999999999999999', 'dates after 9999 are not supported as unix timestamps'],
  ])('refuses %j: %s', (input, error) => {
    expect(readServiceDateTime(input)).toMatchObject({
      type: 'datetime_from_date_parsing',
      message: `Input should be a valid datetime or date, ${error}`,
      input,
      ctx: { error },
    });
  });

  it.each([true, null, [], {}])('refuses %j as not a datetime', (input) => {
    expect(readServiceDateTime(input)).toMatchObject({ type: 'datetime_type', message: 'Input should be a valid datetime', input });
  });

  it('takes only date-time strings in strict mode', () => {
    expect(readServiceDateTime('2026-04-05 22:58:32', true)).toBe('2026-04-05T22:58:32');
    expect(readServiceDateTime(123, true)).toMatchObject({ type: 'datetime_type' });
    expect(readServiceDateTime('2026-04-05', true)).toMatchObject({ type: 'datetime_from_date_parsing' });
  });

  it('tells the fast decoder which strings it may pass unchanged', () => {
    expect(isCanonicalDateTime('2026-04-05T22:58:32.857078')).toBe(true);
    expect(isCanonicalDateTime('2026-04-05T22:58:32Z')).toBe(true);
    expect(isCanonicalDateTime('2026-04-05 22:58:32')).toBe(false);
    expect(isCanonicalDateTime('2026-04-05T22:58:32.500')).toBe(false);
  });
});

describe('FileEntry.modified_time in a decoded event', () => {
  const listing = (modified_time: unknown) => ({
    kind: 'ObservationEvent',
    source: 'environment',
    tool_name: 'list_directory',
    tool_call_id: 'c',
    action_id: 'a',
    observation: {
      kind: 'ListDirectoryObservation',
      dir_path: '/w',
      entries: [{ name: 'a', path: '/w/a', is_directory: false, size: 1, modified_time }],
    },
  });

  it('is written back as the service writes it', () => {
    const event = decodeEvent(listing(1_700_000_000));
    const observation = event.kind === 'ObservationEvent' ? event.observation : undefined;
    expect(observation?.kind === 'ListDirectoryObservation' && observation.entries[0]?.modified_time).toBe('2023-11-14T22:13:20Z');
  });

  it('reports a bad value where it is', () => {
    expect(safeDecodeEvent(listing(true)).detail).toEqual([
      { type: 'datetime_type', loc: ['observation', 'entries', 0, 'modified_time'], msg: 'Input should be a valid datetime', input: true },
    ]);
  });
});
