/**
 * Which tools a hook matcher fires for, by the service's rules, and the tool names the service
 * gives its own tools (hook matchers written for Claude Code name tools it does not have).
 * Edge-safe.
 * @module
 */
import { PythonRegexError, translatePythonRegex } from '../../internal/python/regex';

/**
 * The names of the service's own tools, as hooks receive them in `tool_name`: the standard
 * tools (`terminal`, `file_editor`, `task_tracker`, the `browser_*` set), the optional ones, and
 * the built-ins every agent has. Tools from MCP servers keep the name their server gives them.
 */
export const SERVICE_TOOL_NAMES: readonly string[] = [
  'terminal',
  'file_editor',
  'task_tracker',
  'browser_navigate',
  'browser_click',
  'browser_type',
  'browser_get_state',
  'browser_get_content',
  'browser_scroll',
  'browser_go_back',
  'browser_list_tabs',
  'browser_switch_tab',
  'browser_close_tab',
  'browser_get_storage',
  'browser_set_storage',
  'browser_start_recording',
  'browser_stop_recording',
  'apply_patch',
  'planning_file_editor',
  'glob',
  'grep',
  'edit',
  'list_directory',
  'read_file',
  'write_file',
  'task',
  'tom_consult',
  'sleeptime_compute',
  'workflow',
  'finish',
  'think',
  'invoke_skill',
  'switch_llm',
  'inspect_image_with_vision',
];

/** Claude Code tool names and the service tool that does the same work (where there is one). */
export const CLAUDE_CODE_TOOL_EQUIVALENTS: Readonly<Record<string, string>> = {
  Bash: 'terminal',
  BashOutput: 'terminal',
  KillShell: 'terminal',
  KillBash: 'terminal',
  Read: 'file_editor',
  Write: 'file_editor',
  Edit: 'file_editor',
  MultiEdit: 'file_editor',
  NotebookEdit: 'file_editor',
  LS: 'terminal',
  Glob: 'glob',
  Grep: 'grep',
  TodoWrite: 'task_tracker',
  Task: 'task',
  Agent: 'task',
  WebFetch: 'browser_navigate',
  Skill: 'invoke_skill',
};

const REGEX_METACHARACTERS = '|.*+?[]()^$\\';
const CACHE_LIMIT = 256;
const compiled = /* @__PURE__ */ new Map<string, RegExp | null>();

/** A Python pattern compiled for a full match, or null when it cannot be (Python refuses it, or agentwire cannot translate it). */
function compilePython(pattern: string): RegExp | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  let regex: RegExp | null;
  try {
    const { source, flags } = translatePythonRegex(pattern);
    regex = new RegExp(source, flags);
  } catch {
    // PythonRegexError (Python refuses it, or it is not translated), or a SyntaxError of JavaScript's.
    regex = null;
  }
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
}

function isExplicitRegex(matcher: string): boolean {
  return matcher.length > 2 && matcher.startsWith('/') && matcher.endsWith('/');
}

function hasMetacharacter(matcher: string): boolean {
  for (const character of matcher) if (REGEX_METACHARACTERS.includes(character)) return true;
  return false;
}

/**
 * The service's hook matching (`HookMatcher.matches`): `*`, an empty or an absent matcher fires for
 * everything, and is the only kind that fires when there is no tool name (every event but
 * PreToolUse and PostToolUse); `/re/` fires when the Python regex matches the whole tool name (an
 * invalid one never fires); a matcher holding any of `|.*+?[]()^$\` is tried as a whole-name regex
 * the same way, and falls back to an exact comparison when it is not a valid regex; anything else
 * must equal the tool name. A pattern using Python syntax agentwire cannot translate (see
 * `translatePythonRegex`) is treated as invalid.
 */
export function matchHook(matcher: string | undefined, toolName: string | undefined): boolean {
  if (matcher === undefined || matcher === '*' || matcher === '') return true;
  if (toolName === undefined) return false;
  if (isExplicitRegex(matcher)) return compilePython(matcher.slice(1, -1))?.test(toolName) ?? false;
  if (hasMetacharacter(matcher)) {
    const regex = compilePython(matcher);
    if (regex) return regex.test(toolName);
  }
  return matcher === toolName;
}

/** What a matcher is, and which known tools it fires for. */
export interface HookMatcherAnalysis {
  /** `all`: fires for everything; `regex`: a (valid) regex; `exact`: compared as text; `invalid-regex`: a `/re/` matcher Python refuses, which never fires. */
  kind: 'all' | 'regex' | 'exact' | 'invalid-regex';
  /** The given tool names it fires for; undefined when agentwire cannot tell (an untranslatable or possibly slow regex). */
  matches?: string[];
  /** For a plain alternation such as `Edit|Write|MultiEdit`: its names. */
  alternatives?: string[];
}

/** Whether a pattern is valid Python that agentwire cannot translate (so whether it fires is unknown). */
function isUnsupported(pattern: string): boolean {
  try {
    translatePythonRegex(pattern);
    return false;
  } catch (error) {
    if (error instanceof PythonRegexError) return error.kind === 'unsupported';
    throw error;
  }
}

/** A nested quantifier such as `(a+)+` can take exponential time: such patterns are not run during analysis. */
const RISKY = /\)[*+{]/;

/** Classifies a matcher and tries it against `toolNames` (by default {@link SERVICE_TOOL_NAMES}). */
export function analyzeHookMatcher(matcher: string, toolNames: readonly string[] = SERVICE_TOOL_NAMES): HookMatcherAnalysis {
  if (matcher === '*' || matcher === '') return { kind: 'all', matches: [...toolNames] };
  const explicit = isExplicitRegex(matcher);
  const pattern = explicit ? matcher.slice(1, -1) : matcher;
  if (!explicit && !hasMetacharacter(matcher)) return { kind: 'exact', matches: toolNames.filter((name) => name === matcher) };
  if (isUnsupported(pattern)) return { kind: 'regex' };
  const regex = compilePython(pattern);
  if (!regex) {
    if (explicit) return { kind: 'invalid-regex', matches: [] };
    return { kind: 'exact', matches: toolNames.filter((name) => name === matcher) };
  }
  const analysis: HookMatcherAnalysis = { kind: 'regex' };
  if (/^[\w-]+(?:\|[\w-]+)+$/.test(pattern)) analysis.alternatives = pattern.split('|');
  if (!RISKY.test(pattern)) analysis.matches = toolNames.filter((name) => regex.test(name));
  return analysis;
}
