/**
 * How the service's Python code prints JSON values inside its error messages (`str()`, `repr()`
 * and `type()` of what `json.loads` produced), so agentwire's messages read the same.
 * Internal: not exported from the package.
 * @module
 */

const MAX_DEPTH = 64;

/** The Python type name of a decoded JSON value: `NoneType`, `bool`, `int`, `float`, `str`, `list` or `dict`. */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'number':
      // JSON `1.0` reaches JavaScript as `1`: it can only be told from `1` in the raw text.
      return Number.isInteger(value) ? 'int' : 'float';
    case 'string':
      return 'str';
    default:
      return Array.isArray(value) ? 'list' : 'dict';
  }
}

/** Python's `repr()` of a float: the shortest round-trip digits, in exponent form below 1e-4. */
function floatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const [mantissa = '0', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  // Fractional doubles are below 2 ** 53, so only small magnitudes need the exponent form.
  if (exponent >= -4) return String(value);
  return `${mantissa}e-${String(-exponent).padStart(2, '0')}`;
}

function numberRepr(value: number): string {
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
  return floatRepr(value);
}

/** Python's `repr()` of a string: single quotes unless the text holds one and no double quote. */
function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${code.toString(16)}`;
    else out += char;
  }
  return out + quote;
}

function repr(value: unknown, depth: number): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return numberRepr(value);
  if (typeof value === 'string') return stringRepr(value);
  if (depth >= MAX_DEPTH) return '...';
  if (Array.isArray(value)) return `[${value.map((item) => repr(item, depth + 1)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${stringRepr(key)}: ${repr(item, depth + 1)}`);
  return `{${entries.join(', ')}}`;
}

/** Python's `str()` of a decoded JSON value, as an f-string prints it (`'5'`, `True`, `[1, 'a']`). */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : repr(value, 0);
}
