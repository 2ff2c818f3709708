// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * `.mcp.json`, the tool-server file of legacy plugins and SKILL.md folders:
 * `{"mcpServers": {name: server}}`, validated as the service validates it. Any invalid server makes
 * the service load none of the file (in a plugin the file is skipped with a warning; beside a
 * SKILL.md the skill fails to load).
 * @module
 */

import { compareDiagnostics } from '../diagnostic';
import { checkJsonType, hasOwn, isJsonObject, type JsonCheckContext, readJsonObject, report, setOwn } from '../json-checks';
import { requireText } from '../json-document';
import type { ParseResult } from '../result';
import { checkLegacyServer, type LegacyMcpServer, LOADS_NO_SERVER } from './legacy-mcp-server';
import {
  MCP_NOT_OBJECT,
  MCP_PLACEHOLDER_NOT_EXPANDED,
  MCP_SERVERS_AT_ROOT,
  MCP_SERVERS_MISSING,
  MCP_UNKNOWN_KEY,
  MCP_WRONG_TYPE,
} from './rules';

/** A `.mcp.json` as the service loads it. */
export interface LegacyMcpConfig {
  mcpServers: Record<string, LegacyMcpServer>;
}

/** Options of {@link parseLegacyMcpConfig}. */
export interface ParseLegacyMcpConfigOptions {
  /** The file name diagnostics carry, such as `my-plugin/.mcp.json`. */
  file: string;
}

/** Placeholders other tools set that `.mcp.json` leaves alone (only SKILL_ROOT is provided). */
const UNSET_PLACEHOLDERS = /* @__PURE__ */ new Set([
  'CLAUDE_PLUGIN_ROOT',
  'CLAUDE_PLUGIN_DATA',
  'PLUGIN_ROOT',
  'PLUGIN_DATA',
  'CLAUDE_PROJECT_DIR',
]);
const BRACED = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;
const UNBRACED = /(?<![\\$])\$([A-Za-z_][A-Za-z0-9_]*)/;

/**
 * Parses a `.mcp.json`. Placeholders are left as written (see `expandMcpVariables`); the value
 * holds the servers as the service's model keeps them. A byte-order mark is refused, as the
 * service reads the file as plain UTF-8.
 */
export function parseLegacyMcpConfig(json: string, options: ParseLegacyMcpConfigOptions): ParseResult<LegacyMcpConfig> {
  if (typeof options?.file !== 'string') throw new TypeError('parseLegacyMcpConfig: options.file must be a string');
  requireText(json, 'parseLegacyMcpConfig');
  const read = readJsonObject(
    json,
    options.file,
    'refuse',
    MCP_NOT_OBJECT,
    (type) => `.mcp.json holds ${type}, not an object; ${LOADS_NO_SERVER}`,
  );
  if (!read.ok) return read;
  const { context, root } = read;
  const config: LegacyMcpConfig = { mcpServers: {} };
  if (!hasOwn(root, 'mcpServers')) return finish(context, checkWithoutServers(context, root) ? config : undefined);
  for (const key of Object.keys(root)) {
    if (key !== 'mcpServers')
      report(context, MCP_UNKNOWN_KEY, [key], 'key', `The service ignores the top-level key "${key}".`, { severity: 'warning' });
  }
  if (!checkJsonType(context, MCP_WRONG_TYPE, ['mcpServers'], root.mcpServers, ['object'], LOADS_NO_SERVER))
    return finish(context, undefined);
  const servers = root.mcpServers as Record<string, unknown>;
  let valid = true;
  for (const name of Object.keys(servers)) {
    const server = checkLegacyServer(context, ['mcpServers', name], servers[name]);
    if (server) setOwn(config.mcpServers, name, server);
    else valid = false;
  }
  if (valid) reportPlaceholders(context, servers);
  return finish(context, valid ? config : undefined);
}

function finish(context: JsonCheckContext, config: LegacyMcpConfig | undefined): ParseResult<LegacyMcpConfig> {
  context.diagnostics.sort(compareDiagnostics);
  return config ? { ok: true, value: config, diagnostics: context.diagnostics } : { ok: false, diagnostics: context.diagnostics };
}

/** A file without "mcpServers": servers written at the top level, or nothing at all. */
function checkWithoutServers(context: JsonCheckContext, root: Record<string, unknown>): boolean {
  const atRoot = Object.keys(root).filter((key) => {
    const value = root[key];
    return isJsonObject(value) && (hasOwn(value, 'command') || hasOwn(value, 'url'));
  });
  if (atRoot.length > 0) {
    for (const key of atRoot) {
      report(
        context,
        MCP_SERVERS_AT_ROOT,
        [key],
        'key',
        `"${key}" looks like a server written at the top level; the service reads only "mcpServers" and starts no server from this file.`,
      );
    }
    return true;
  }
  report(context, MCP_SERVERS_MISSING, [], 'value', 'The file has no "mcpServers": it declares no servers.', { severity: 'info' });
  for (const key of Object.keys(root))
    report(context, MCP_UNKNOWN_KEY, [key], 'key', `The service ignores the top-level key "${key}".`, { severity: 'warning' });
  return true;
}

/** Warns where a placeholder stays as written: another tool's plugin-root variable, or `$VAR` without braces. */
function reportPlaceholders(context: JsonCheckContext, servers: Record<string, unknown>): void {
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(BRACED)) {
        const name = match[1] as string;
        if (!UNSET_PLACEHOLDERS.has(name)) continue;
        report(
          context,
          MCP_PLACEHOLDER_NOT_EXPANDED,
          path,
          'value',
          `\${${name}} is not set by the service in .mcp.json; it stays as written unless the server's environment defines ${name}.`,
          {
            hint: 'Use ${SKILL_ROOT}, which the service sets to the plugin (or skill) folder.',
          },
        );
        return;
      }
      if (UNBRACED.test(value.replace(BRACED, ''))) {
        report(
          context,
          MCP_PLACEHOLDER_NOT_EXPANDED,
          path,
          'value',
          '.mcp.json expands only braced ${VAR} references; a $NAME reference stays as written.',
          {
            hint: 'Write ${NAME} instead of $NAME.',
          },
        );
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, [...path, index]);
      });
    } else if (isJsonObject(value)) {
      for (const key of Object.keys(value)) visit(value[key], [...path, key]);
    }
  };
  visit(servers, ['mcpServers']);
}
