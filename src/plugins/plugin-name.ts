/**
 * The Agent Plugins 1.0.0 plugin-name rules, with the reasons a name breaks them and a corrected
 * name to suggest. Edge-safe.
 * @module
 */

/** The specification's name pattern (1–64 characters are checked separately). */
export const PLUGIN_NAME_PATTERN: RegExp = /^(?!.*(?:--|\.\.))[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

/** The longest name the specification allows, in characters. */
export const PLUGIN_NAME_MAX_LENGTH = 64;

/** The result of {@link checkPluginName}. */
export type PluginNameCheck =
  | { ok: true }
  | {
      ok: false;
      /** What is wrong, as clauses a message can join: `has uppercase letters`, `ends with "-"`. */
      reasons: string[];
      /**
       * Whether the service accepts it anyway. Its pattern check is Python's, whose `$` also matches
       * before a final newline, so `"my-plugin\n"` passes there and fails in every other client.
       */
      serviceAccepts: boolean;
    };

const ALPHANUMERIC = /^[a-z0-9]$/;

/** Checks a plugin name against the specification's rules. */
export function checkPluginName(name: string): PluginNameCheck {
  const length = [...name].length;
  if (length >= 1 && length <= PLUGIN_NAME_MAX_LENGTH && PLUGIN_NAME_PATTERN.test(name)) return { ok: true };
  const serviceAccepts = name.endsWith('\n') && length <= PLUGIN_NAME_MAX_LENGTH && PLUGIN_NAME_PATTERN.test(name.slice(0, -1));
  const reasons: string[] = [];
  if (length === 0) reasons.push('is empty');
  if (length > PLUGIN_NAME_MAX_LENGTH) reasons.push(`has ${length} characters (at most ${PLUGIN_NAME_MAX_LENGTH})`);
  if (/[A-Z]/.test(name)) reasons.push('has uppercase letters');
  const others = [...new Set([...name].filter((character) => !/^[a-zA-Z0-9.-]$/.test(character)))];
  if (others.length > 0) {
    const shown = others.slice(0, 5).map((character) => JSON.stringify(character));
    reasons.push(`has characters other than a-z, 0-9, "-" and "." (${shown.join(', ')}${others.length > 5 ? ', …' : ''})`);
  }
  const characters = [...name];
  const first = characters[0];
  const last = characters[characters.length - 1];
  if (first !== undefined && (first === '-' || first === '.')) reasons.push(`starts with ${JSON.stringify(first)}`);
  if (last !== undefined && length > 1 && (last === '-' || last === '.')) reasons.push(`ends with ${JSON.stringify(last)}`);
  if (name.includes('--')) reasons.push('has "--"');
  if (name.includes('..')) reasons.push('has ".."');
  if (reasons.length === 0) reasons.push('does not match the name pattern');
  return { ok: false, reasons, serviceAccepts };
}

/** A name that follows the rules, made from `name` (lowercased, other characters turned into `-`), or undefined when nothing is left. */
export function suggestPluginName(name: string): string | undefined {
  let suggestion = name
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\.{2,}/g, '.');
  suggestion = trimEdges(suggestion);
  suggestion = trimEdges(suggestion.slice(0, PLUGIN_NAME_MAX_LENGTH));
  return suggestion === '' || !PLUGIN_NAME_PATTERN.test(suggestion) ? undefined : suggestion;
}

function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && !ALPHANUMERIC.test(text[start] as string)) start++;
  while (end > start && !ALPHANUMERIC.test(text[end - 1] as string)) end--;
  return text.slice(start, end);
}
