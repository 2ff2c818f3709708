/**
 * Python `re` patterns in JavaScript: the service matches hook matchers with Python's
 * `re.fullmatch`, so agentwire translates the syntax that differs before compiling. Edge-safe.
 *
 * Translated: `(?P<name>…)` and `(?P=name)`, leading global flags `(?i)`, `(?m)`, `(?s)`, `(?a)`,
 * `(?u)`, comments `(?#…)`, `\A`, `\Z`, `\a`, `\UXXXXXXXX`, `{,n}`, a `]` first in a class, and
 * `.` (which excludes only `\n` in Python). Not translated (reported as `unsupported`): verbose
 * mode `(?x)`, `(?L)`, scoped flags `(?i:…)`, atomic groups `(?>…)`, possessive quantifiers,
 * conditionals `(?(1)…)`, `\N{…}` and `\z`. Not emulated: Python's Unicode `\w`, `\d`, `\s` and
 * `\b` (JavaScript's are ASCII), which only matters for names outside ASCII.
 *
 * A pattern that cannot be translated throws {@link PythonRegexError}, as `new RegExp()` throws a
 * `SyntaxError`, rather than giving the toolkit's `{ ok, value, diagnostics }`: translating is a
 * step of compiling a pattern, not the reading of a file, so there is no file or position for a
 * diagnostic to name; the hook checks that call it write their own diagnostics about the matcher.
 * @module
 */
import { AgentwireError } from '../agentwire-error';

/** A Python pattern JavaScript can run: its source and flags, for `new RegExp(source, flags)`. */
export interface PythonRegexTranslation {
  source: string;
  flags: string;
}

/** Why {@link translatePythonRegex} could not translate a pattern. */
export class PythonRegexError extends AgentwireError {
  override readonly name = 'PythonRegexError';
  constructor(
    /** `invalid`: Python refuses the pattern too; `unsupported`: valid in Python, but agentwire cannot reproduce it. */
    readonly kind: 'invalid' | 'unsupported',
    message: string,
  ) {
    super(message);
  }
}

const LETTER_ESCAPES = /* @__PURE__ */ new Set(['b', 'B', 'd', 'D', 's', 'S', 'w', 'W', 'f', 'n', 'r', 't', 'v', 'x', 'u']);
const GLOBAL_FLAGS = /^\(\?([aiLmsux]+)\)/;

/**
 * Translates a Python pattern into a JavaScript one that matches the whole string, as
 * `re.fullmatch` does: the source comes back wrapped in `^(?:…)$`. Throws {@link PythonRegexError}
 * when Python refuses the pattern or agentwire cannot reproduce it.
 */
export function translatePythonRegex(pattern: string): PythonRegexTranslation {
  let rest = pattern;
  const flags = new Set<string>();
  for (let match = GLOBAL_FLAGS.exec(rest); match; match = GLOBAL_FLAGS.exec(rest)) {
    for (const flag of match[1] as string) {
      if (flag === 'x') throw new PythonRegexError('unsupported', 'verbose mode (?x) is not translated');
      if (flag === 'L') throw new PythonRegexError('invalid', '(?L) is only valid for byte patterns');
      if (flag === 'i' || flag === 'm' || flag === 's') flags.add(flag);
    }
    rest = rest.slice((match[0] as string).length);
  }
  const body = translateBody(rest, flags.has('s'));
  return { source: `^(?:${body})$`, flags: [...flags].sort().join('') };
}

function translateBody(pattern: string, dotAll: boolean): string {
  let out = '';
  let index = 0;
  while (index < pattern.length) {
    const c = pattern[index] as string;
    if (c === '\\') {
      const [text, length] = translateEscape(pattern, index, false);
      out += text;
      index += length;
    } else if (c === '[') {
      const [text, length] = translateClass(pattern, index);
      out += text;
      index += length;
    } else if (c === '(') {
      const [text, length] = translateGroup(pattern, index);
      out += text;
      index += length;
    } else if (c === '.') {
      out += dotAll ? '[\\s\\S]' : '[^\\n]';
      index++;
    } else if (c === '{' && /^\{,\d+\}/.test(pattern.slice(index))) {
      out += '{0';
      index++;
    } else {
      if ((c === '*' || c === '+' || c === '?' || c === '}') && pattern[index + 1] === '+') {
        throw new PythonRegexError('unsupported', 'possessive quantifiers are not translated');
      }
      out += c;
      index++;
    }
  }
  return out;
}

/** Returns the translated escape and how many characters of the pattern it used. */
function translateEscape(pattern: string, index: number, inClass: boolean): [string, number] {
  const next = pattern[index + 1];
  if (next === undefined) throw new PythonRegexError('invalid', 'the pattern ends with a backslash');
  if (next === 'A' && !inClass) return ['^', 2];
  if (next === 'Z' && !inClass) return ['(?![\\s\\S])', 2];
  if (next === 'a') return ['\\x07', 2];
  if (next === 'U') {
    const hex = pattern.slice(index + 2, index + 10);
    if (!/^[0-9a-fA-F]{8}$/.test(hex)) throw new PythonRegexError('invalid', 'incomplete \\U escape');
    const codePoint = Number.parseInt(hex, 16);
    if (codePoint > 0x10ffff) throw new PythonRegexError('invalid', 'bad \\U escape');
    return [escapeLiteral(String.fromCodePoint(codePoint)), 10];
  }
  if (next === 'N' || next === 'z') throw new PythonRegexError('unsupported', `\\${next} is not translated`);
  if (/[A-Za-z]/.test(next) && !LETTER_ESCAPES.has(next) && !(next === 'b' && inClass)) {
    throw new PythonRegexError('invalid', `bad escape \\${next}`);
  }
  return [`\\${next}`, 2];
}

function escapeLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

function translateClass(pattern: string, start: number): [string, number] {
  let index = start + 1;
  let out = '[';
  if (pattern[index] === '^') {
    out += '^';
    index++;
  }
  if (pattern[index] === ']') {
    out += '\\]';
    index++;
  }
  while (index < pattern.length) {
    const c = pattern[index] as string;
    if (c === ']') return [`${out}]`, index + 1 - start];
    if (c === '\\') {
      const [text, length] = translateEscape(pattern, index, true);
      out += text;
      index += length;
    } else {
      out += c === '[' ? '\\[' : c;
      index++;
    }
  }
  throw new PythonRegexError('invalid', 'unterminated character set');
}

function translateGroup(pattern: string, start: number): [string, number] {
  const head = pattern.slice(start, start + 4);
  if (!head.startsWith('(?')) return ['(', 1];
  const named = /^\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/.exec(pattern.slice(start));
  if (named) return [`(?<${named[1]}>`, (named[0] as string).length];
  const reference = /^\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/.exec(pattern.slice(start));
  if (reference) return [`\\k<${reference[1]}>`, (reference[0] as string).length];
  if (head.startsWith('(?#')) {
    const end = pattern.indexOf(')', start);
    if (end === -1) throw new PythonRegexError('invalid', 'missing ), unterminated comment');
    return ['', end + 1 - start];
  }
  if (head.startsWith('(?:') || head.startsWith('(?=') || head.startsWith('(?!') || head.startsWith('(?<=') || head.startsWith('(?<!')) {
    const length = head.startsWith('(?<') ? 4 : 3;
    return [pattern.slice(start, start + length), length];
  }
  if (head.startsWith('(?>')) throw new PythonRegexError('unsupported', 'atomic groups are not translated');
  if (head.startsWith('(?(')) throw new PythonRegexError('unsupported', 'conditional groups are not translated');
  if (/^\(\?[aiLmsux]*(?:-[imsx]+)?:/.test(pattern.slice(start)))
    throw new PythonRegexError('unsupported', 'scoped flags are not translated');
  if (/^\(\?[aiLmsux]+\)/.test(pattern.slice(start)))
    throw new PythonRegexError('invalid', 'global flags not at the start of the expression');
  throw new PythonRegexError('invalid', `unknown extension ${head.slice(0, 3)}`);
}
