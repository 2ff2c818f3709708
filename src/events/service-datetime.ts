/**
 * Date-times as the service reads and writes them where its model holds a real `datetime`
 * (`FileEntry.modified_time`): ISO 8601 strings (a `T`, `t`, `_` or space between date and time,
 * seconds and fraction optional, `Z` or an offset), plain dates (midnight), and Unix timestamps as
 * numbers or numeric strings (seconds, or milliseconds past 2e10). The decoded value is written
 * as the service writes it: `2026-01-02T03:04:05.500000+02:00`, `Z` for UTC, no zone when naive.
 * Internal: not exported from the package.
 * @module
 */
import * as v from 'valibot';
import { fail, type ServiceIssue, serviceIssue } from './service-issue';
import { withRun } from './with-run';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt _](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_TEXT = /^-?\d+(?:\.\d+)?$/;
const MS_WATERSHED = 2e10;
const MIN_TIMESTAMP = -11_676_096_000;
const MAX_TIMESTAMP = 253_402_300_799;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Why pydantic cannot read `text` as a date (its fallback for strings that are not date-times). */
function dateError(text: string): string {
  if (text.length < 10) return 'input is too short';
  if (!/^\d{4}$/.test(text.slice(0, 4))) return 'invalid character in year';
  if (text[4] !== '-') return 'invalid date separator, expected `-`';
  if (!/^\d{2}$/.test(text.slice(5, 7))) return 'invalid character in month';
  if (text[7] !== '-') return 'invalid date separator, expected `-`';
  if (!/^\d{2}$/.test(text.slice(8, 10))) return 'invalid character in day';
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  if (month < 1 || month > 12) return 'month value is outside expected range of 1-12';
  const day = Number(text.slice(8, 10));
  if (day < 1 || day > daysInMonth(year, month)) return 'day value is outside expected range';
  return 'unexpected extra characters at the end of the input';
}

function validDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function zone(offsetMinutes: number | undefined): string {
  if (offsetMinutes === undefined) return '';
  if (offsetMinutes === 0) return 'Z';
  const size = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

function format(parts: number[], micro: number, offsetMinutes: number | undefined): string {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  const fraction = micro === 0 ? '' : `.${pad(micro, 6)}`;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${fraction}${zone(offsetMinutes)}`;
}

function fromText(text: string): string | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, utc, sign, zh, zm] = match;
  const parts = [y, mo, d, h, mi, s ?? '0'].map(Number);
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const micro = fraction ? Number(fraction.slice(0, 6).padEnd(6, '0')) : 0;
  let offset: number | undefined;
  if (utc) offset = 0;
  else if (sign) {
    offset = (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm ?? '0'));
    if (Math.abs(offset) >= 24 * 60) return undefined;
  }
  return format(parts, micro, offset);
}

/** A Unix timestamp as the service writes it (UTC, `Z`), or the reason it is out of range. */
function fromTimestamp(value: number): string | { error: string } {
  const seconds = Math.abs(value) > MS_WATERSHED ? value / 1000 : value;
  if (seconds < MIN_TIMESTAMP) return { error: 'dates before 1600 are not supported as unix timestamps' };
  if (seconds > MAX_TIMESTAMP) return { error: 'dates after 9999 are not supported as unix timestamps' };
  let whole = Math.floor(seconds);
  let micro = Math.round((seconds - whole) * 1e6);
  if (micro === 1e6) {
    whole += 1;
    micro = 0;
  }
  const date = new Date(whole * 1000);
  const parts = [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  ];
  return format(parts, micro, 0);
}

const parsingIssue = (input: unknown, error: string) =>
  serviceIssue('datetime_from_date_parsing', `Input should be a valid datetime or date, ${error}`, input, { error });

/**
 * Reads a value as the service's `datetime`: the ISO 8601 text it would write, or the issue it
 * would report. `strict` accepts only date-time strings (no plain dates, no timestamps).
 */
export function readServiceDateTime(input: unknown, strict = false): string | ServiceIssue {
  if (typeof input === 'string') {
    const text = fromText(input);
    if (text !== undefined) return text;
    if (strict) return parsingIssue(input, dateError(input));
    const date = DATE_ONLY.exec(input);
    if (date && validDate(Number(date[1]), Number(date[2]), Number(date[3]))) return `${input}T00:00:00`;
    if (TIMESTAMP_TEXT.test(input)) {
      const stamp = fromTimestamp(Number(input));
      return typeof stamp === 'string' ? stamp : parsingIssue(input, stamp.error);
    }
    return parsingIssue(input, dateError(input));
  }
  if (typeof input === 'number' && !Number.isNaN(input) && !strict) {
    const stamp = fromTimestamp(input);
    return typeof stamp === 'string' ? stamp : parsingIssue(input, stamp.error);
  }
  return serviceIssue('datetime_type', 'Input should be a valid datetime', input);
}

/** Whether a string is a date-time the service accepts and writes unchanged (the fast decoder's test). */
export function isCanonicalDateTime(value: string): boolean {
  return fromText(value) === value;
}

/** A `datetime` field of the service (see the module comment); decodes to its ISO 8601 text. */
export const serviceDateTime: v.GenericSchema<unknown, string> = /* @__PURE__ */ withRun(
  v.pipe(v.string(), v.isoTimestamp()),
  () => (dataset, config) => {
    const value = readServiceDateTime(dataset.value, config.coercion === 'strict');
    return typeof value === 'string' ? { typed: true, value } : fail(dataset.value, value);
  },
);
