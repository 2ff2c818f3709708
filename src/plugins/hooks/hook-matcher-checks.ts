/**
 * Reporting hook matchers that cannot fire under the service: tool names it does not have
 * (Claude Code's `Bash`, `Edit|Write`, `mcp__server__tool`), matchers on events that carry no tool
 * name, and `/regex/` matchers that do not compile.
 * @module
 */

import { type JsonCheckContext, report } from '../../internal/json-checks';
import type { JsonPath } from '../../internal/python/json';
import { analyzeHookMatcher, CLAUDE_CODE_TOOL_EQUIVALENTS, SERVICE_TOOL_NAMES } from './hook-matcher';
import { HOOKS_MATCHER_INVALID_REGEX, HOOKS_MATCHER_NEVER_FIRES } from './hook-rules';

const TOOL_EVENT_FIELDS = /* @__PURE__ */ new Set(['pre_tool_use', 'post_tool_use']);

/** Checks the matcher of one matcher object of the event whose snake_case field is `field`. */
export function checkHookMatcher(context: JsonCheckContext, path: JsonPath, matcher: string, field: string): void {
  const analysis = analyzeHookMatcher(matcher);
  if (analysis.kind === 'all') return;
  const event = field
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  if (!TOOL_EVENT_FIELDS.has(field)) {
    report(
      context,
      HOOKS_MATCHER_NEVER_FIRES,
      path,
      'value',
      `The service runs ${event} hooks without a tool name, so only "*" or an empty matcher fires; "${matcher}" never does.`,
      { hint: 'Use "*" or leave "matcher" out (Claude Code\'s session matchers such as "startup" or "resume" have no equivalent).' },
    );
    return;
  }
  if (analysis.kind === 'invalid-regex') {
    report(
      context,
      HOOKS_MATCHER_INVALID_REGEX,
      path,
      'value',
      `"${matcher}" is not a valid Python regular expression, so the service never fires it.`,
    );
    return;
  }
  if (analysis.matches === undefined) return;
  const names = analysis.alternatives ?? (analysis.kind === 'exact' ? [matcher] : []);
  const unknown = names.filter((name) => !SERVICE_TOOL_NAMES.includes(name));
  const hint = equivalentsHint(unknown, matcher);
  if (analysis.matches.length === 0) {
    report(
      context,
      HOOKS_MATCHER_NEVER_FIRES,
      path,
      'value',
      `"${matcher}" matches none of the service's tool names; it fires only if an MCP server provides a tool of that name.`,
      hint ? { hint } : {},
    );
  } else if (unknown.length > 0) {
    report(
      context,
      HOOKS_MATCHER_NEVER_FIRES,
      path,
      'value',
      `"${matcher}" also names ${unknown.map((name) => `"${name}"`).join(', ')}, which no service tool is called; that part never fires.`,
      hint ? { hint } : {},
    );
  }
}

function equivalentsHint(names: readonly string[], matcher: string): string | undefined {
  if (matcher.startsWith('mcp__')) {
    return 'The service names MCP tools by the server\'s own tool name, without Claude Code\'s "mcp__<server>__" prefix.';
  }
  const pairs = names
    .filter((name) => Object.hasOwn(CLAUDE_CODE_TOOL_EQUIVALENTS, name))
    .map((name) => [name, CLAUDE_CODE_TOOL_EQUIVALENTS[name] as string]);
  if (pairs.length === 0) return undefined;
  const mapped = pairs.map(([name, tool]) => `${name} → ${tool}`).join(', ');
  const suggestion = [...new Set(pairs.map(([, tool]) => tool))].join('|');
  return `The service's tools are named differently (${mapped}): try "${suggestion}".`;
}
