// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * The stdio-server rules of an Agent Plugins `mcp.json`: one-token commands inside the plugin,
 * working directories under the plugin or its data folder, reserved variables, and placeholders
 * that stay as written. Paths are checked as text; symlinks are `agentwire/plugins/node`'s part.
 * Edge-safe.
 * @module
 */

import { type JsonCheckContext, report } from '../../internal/json-checks';
import type { JsonPath } from '../../internal/python/json';
import { MCP_LITERAL_CREDENTIAL, MCP_PLACEHOLDER_NOT_EXPANDED } from '../../internal/tool-servers/rules';
import { MCP_COMMAND_INVALID, MCP_CWD_INVALID, MCP_ENV_RESERVED } from './mcp-rules';

/** The placeholders mcp.json expands (in args, env values and cwd only). */
export const PLUGIN_PLACEHOLDERS: readonly string[] = ['${PLUGIN_ROOT}', '${PLUGIN_DATA}'];

/** The variables the service sets for every stdio server, which `env` may not name. */
export const RESERVED_ENV_NAMES: readonly string[] = ['PLUGIN_ROOT', 'PLUGIN_DATA'];

const CWD_FORM = /^(?:\.\/|\$\{PLUGIN_ROOT\}(?:\/|$)|\$\{PLUGIN_DATA\}(?:\/|$))/;
const OTHER_PLACEHOLDER = /\$\{(?!PLUGIN_ROOT\}|PLUGIN_DATA\})[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/;
const CREDENTIAL_NAME = /(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIAL)/i;

/** Whether `relative` (segments after a root) climbs above that root. */
export function escapesRoot(relative: string): boolean {
  let depth = 0;
  for (const segment of relative.split(/[/\\]/)) {
    if (segment === '..') depth--;
    else if (segment !== '' && segment !== '.') depth++;
    if (depth < 0) return true;
  }
  return false;
}

/** Checks a stdio `command`; false when the service skips the server. */
export function checkStdioCommand(context: JsonCheckContext, path: JsonPath, command: string): boolean {
  if (command.startsWith('./')) {
    if (escapesRoot(command.slice(2))) {
      report(
        context,
        MCP_COMMAND_INVALID,
        path,
        'value',
        `The command "${command}" leaves the plugin folder; the service skips this server.`,
      );
      return false;
    }
  } else if (command.includes('/') || command.includes('\\')) {
    const hint = command.startsWith('${PLUGIN_ROOT}/')
      ? `Write "./${command.slice('${PLUGIN_ROOT}/'.length)}": the command is never expanded.`
      : 'Use a bare executable name, or a path inside the plugin starting with "./".';
    report(
      context,
      MCP_COMMAND_INVALID,
      path,
      'value',
      `The command "${command}" is neither a bare name nor a "./" path; the service skips this server.`,
      { hint },
    );
    return false;
  }
  if (/\s/.test(command)) {
    report(
      context,
      MCP_COMMAND_INVALID,
      path,
      'value',
      `The command "${command}" holds whitespace; it is one token, not a shell command, so the service looks for an executable with exactly this name.`,
      { severity: 'warning', hint: 'Put the executable in "command" and each argument in "args".' },
    );
  }
  if (command.includes('${')) {
    report(context, MCP_PLACEHOLDER_NOT_EXPANDED, path, 'value', 'The command holds a ${…} placeholder; commands are never expanded.');
  }
  return true;
}

/** Checks a stdio `cwd`; false when the service skips the server. */
export function checkStdioCwd(context: JsonCheckContext, path: JsonPath, cwd: string): boolean {
  if (!CWD_FORM.test(cwd)) {
    report(
      context,
      MCP_CWD_INVALID,
      path,
      'value',
      `The working directory "${cwd}" does not start with "./", "\${PLUGIN_ROOT}" or "\${PLUGIN_DATA}"; the service skips this server.`,
    );
    return false;
  }
  const relative = cwd.startsWith('./') ? cwd.slice(2) : cwd.slice(cwd.indexOf('}') + 1);
  if (escapesRoot(relative)) {
    const root = cwd.startsWith('${PLUGIN_DATA}') ? 'plugin data folder' : 'plugin folder';
    report(context, MCP_CWD_INVALID, path, 'value', `The working directory "${cwd}" leaves the ${root}; the service skips this server.`);
    return false;
  }
  reportOtherPlaceholders(context, path, cwd, 'The working directory');
  return true;
}

/** Checks a stdio `env` object of strings; false when the service skips the server. */
export function checkStdioEnv(context: JsonCheckContext, path: JsonPath, env: Record<string, string>): boolean {
  let valid = true;
  for (const name of Object.keys(env)) {
    const at = [...path, name];
    if (RESERVED_ENV_NAMES.includes(name)) {
      report(context, MCP_ENV_RESERVED, at, 'key', `"env" sets ${name}, which the service sets itself; it skips this server.`);
      valid = false;
      continue;
    }
    if (name.includes('${')) {
      report(
        context,
        MCP_PLACEHOLDER_NOT_EXPANDED,
        at,
        'key',
        `The variable name "${name}" holds a placeholder; names are never expanded.`,
      );
    }
    const value = env[name] as string;
    reportOtherPlaceholders(context, at, value, `The value of ${name}`);
    if (CREDENTIAL_NAME.test(name) && value.trim() !== '' && !value.includes('${')) {
      report(
        context,
        MCP_LITERAL_CREDENTIAL,
        at,
        'value',
        `${name} is written into the plugin's files, where every user of the plugin can read it.`,
      );
    }
  }
  return valid;
}

/** Warns about placeholders other than ${PLUGIN_ROOT} and ${PLUGIN_DATA}, which stay as written. */
export function reportOtherPlaceholders(context: JsonCheckContext, path: JsonPath, text: string, what: string): void {
  const other = OTHER_PLACEHOLDER.exec(text);
  if (!other) return;
  // A braced placeholder is a name and safe to show; an unbraced `$…` may be part of a secret value.
  const shown = other[0].startsWith('${') ? `"${other[0]}"` : 'a $NAME reference';
  report(
    context,
    MCP_PLACEHOLDER_NOT_EXPANDED,
    path,
    'value',
    `${what} holds ${shown}, which mcp.json does not expand: the server receives it as written.`,
    {
      hint: 'Only ${PLUGIN_ROOT} and ${PLUGIN_DATA} are expanded; pass other values another way.',
    },
  );
}
