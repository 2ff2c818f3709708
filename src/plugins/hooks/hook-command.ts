/**
 * What a hook's shell command will meet when the service runs it: `/bin/sh -c` in the agent's
 * workspace, with OPENHANDS_* variables and no plugin-root variable. Edge-safe.
 * @module
 */

import { type JsonCheckContext, report } from '../../internal/json-checks';
import type { JsonPath } from '../../internal/python/json';
import { HOOKS_RELATIVE_COMMAND, HOOKS_VARIABLE_NOT_SET } from './hook-rules';

/** Variables other hook runners set that the service does not, with what to use instead. */
const UNSET_VARIABLES: Readonly<Record<string, string>> = {
  CLAUDE_PLUGIN_ROOT: 'inline the script in the command: the service gives hooks no way to find the plugin folder',
  CLAUDE_PLUGIN_DATA: 'keep state under $OPENHANDS_PROJECT_DIR or in a temporary folder',
  PLUGIN_ROOT: 'inline the script in the command: PLUGIN_ROOT is only set for mcp.json tool servers',
  PLUGIN_DATA: 'keep state under $OPENHANDS_PROJECT_DIR: PLUGIN_DATA is only set for mcp.json tool servers',
  CLAUDE_PROJECT_DIR: 'use $OPENHANDS_PROJECT_DIR',
  CLAUDE_ENV_FILE: 'the service has no environment file for hooks',
};

const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
const SHELLS = /* @__PURE__ */ new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);
const INTERPRETERS = /* @__PURE__ */ new Set([
  ...SHELLS,
  'python',
  'python3',
  'node',
  'bun',
  'deno',
  'ruby',
  'perl',
  'php',
  'pwsh',
  'tsx',
  'uv',
]);
const SCRIPT_EXTENSION = /\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|mts|rb|pl|php|ps1)$/;

/** Reports variables the service does not set and scripts called by a path relative to the plugin. */
export function checkHookCommand(context: JsonCheckContext, path: JsonPath, command: string): void {
  const seen = new Set<string>();
  for (const match of command.matchAll(VARIABLE)) {
    const name = (match[1] ?? match[2]) as string;
    const instead = UNSET_VARIABLES[name];
    if (instead === undefined || !Object.hasOwn(UNSET_VARIABLES, name) || seen.has(name)) continue;
    seen.add(name);
    report(
      context,
      HOOKS_VARIABLE_NOT_SET,
      path,
      'value',
      `The command uses $${name}, which the service does not set for hooks: it expands to an empty string.`,
      {
        hint: `Instead, ${instead}.`,
      },
    );
  }
  const script = relativeScript(command);
  if (script !== undefined) {
    report(
      context,
      HOOKS_RELATIVE_COMMAND,
      path,
      'value',
      `The command runs "${script}" by a relative path; the service runs hooks in the agent's workspace, not the plugin folder, so it will not be found.`,
    );
  }
}

/** The script a command runs by a relative path (`./check.sh`, `python3 hooks/check.py`), if any. */
export function relativeScript(command: string): string | undefined {
  const words = firstSimpleCommand(command);
  while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] as string)) words.shift();
  const program = words.shift();
  if (program === undefined) return undefined;
  if (isRelativePath(program)) return program;
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (!INTERPRETERS.has(base)) return undefined;
  if ((base === 'uv' || base === 'deno' || base === 'bun') && words[0] === 'run') words.shift();
  for (const word of words) {
    if (word.startsWith('-')) {
      if (stopsScriptSearch(base, word)) return undefined;
      continue;
    }
    return isRelativePath(word) || (SCRIPT_EXTENSION.test(word) && isPlainRelative(word)) ? word : undefined;
  }
  return undefined;
}

function stopsScriptSearch(program: string, flag: string): boolean {
  if (SHELLS.has(program)) return /^-[a-z]*c/.test(flag);
  return ['-c', '-m', '-e', '-E', '-p', '--eval', '--print', '-r'].includes(flag);
}

function isPlainRelative(word: string): boolean {
  return !word.startsWith('/') && !word.startsWith('~') && !word.startsWith('$');
}

function isRelativePath(word: string): boolean {
  return word.includes('/') && isPlainRelative(word) && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(word);
}

/** The words of the first simple command, with quotes removed (a small shell tokenizer, enough for this check). */
function firstSimpleCommand(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < command.length; index++) {
    const c = command[index] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && index + 1 < command.length) word += command[++index];
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      started = true;
    } else if (c === '\\' && index + 1 < command.length) {
      word += command[++index];
      started = true;
    } else if (c === ';' || c === '&' || c === '|' || c === '\n' || c === '(' || c === ')') {
      break;
    } else if (c === ' ' || c === '\t') {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}
