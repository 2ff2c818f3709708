/**
 * The `mcp.json` of an Agent Plugins plugin: the fixed location (and a `.mcp.json` that is not
 * read), the document through `parseMcpConfig`, its `$schema` version against plugin.json's, and
 * server commands and working directories kept inside the plugin once links are resolved.
 * @module
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${PLUGIN_ROOT} placeholder of mcp.json
import { join, resolve } from 'node:path';
import type { JsonSource } from '../../internal/python/json';
import { parseMcpConfig } from '../../plugins/index';
import { isJsonObject, readJsonDocument } from '../../plugins/internal';
import {
  AGENT_PLUGINS_COMPONENT_KIND,
  AGENT_PLUGINS_LEGACY_MCP,
  AGENT_PLUGINS_MCP_VERSION_MISMATCH,
  AGENT_PLUGINS_OUTSIDE_ROOT,
  AGENT_PLUGINS_UNREADABLE,
} from './agent-plugins-rules';
import { escapesRoot, pathKind } from './paths';
import { type ProfileCollector, retag } from './profile-output';
import { type ResolvedOptions, readText } from './read-text';

/** mcp.json rules that describe the service rather than the specification (sse is optional, not wrong). */
export const AGENT_PLUGINS_DROPPED_MCP_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'mcp-transport-unsupported',
  'mcp-header-ignored',
]);
const VOICE = 'a conforming client';

/** The specification version a `$schema` names (`1.0.0`), if it has the canonical shape. */
export function schemaVersion(schema: unknown, kind: 'plugin' | 'mcp'): string | undefined {
  if (typeof schema !== 'string') return undefined;
  return new RegExp(`^https://agent-plugins\\.org/schemas/([^/]+)/${kind}\\.schema\\.json$`).exec(schema)?.[1];
}

/** Checks the tool-server files of the plugin at `dir`; `manifestVersion` is the version plugin.json declares. */
export async function checkPluginMcp(
  dir: string,
  manifestVersion: string | undefined,
  options: ResolvedOptions,
  collector: ProfileCollector,
): Promise<void> {
  const file = join(dir, 'mcp.json');
  const legacy = join(dir, '.mcp.json');
  const kind = await pathKind(file, options);
  if ((await pathKind(legacy, options)) === 'file') {
    collector.report(AGENT_PLUGINS_LEGACY_MCP, {
      file: legacy,
      message: kind
        ? 'A conforming client reads mcp.json and ignores this .mcp.json.'
        : 'A conforming client does not read .mcp.json: this plugin has no tool servers under Agent Plugins.',
    });
  }
  if (kind === undefined) return;
  if (kind !== 'file') {
    collector.report(AGENT_PLUGINS_COMPONENT_KIND, {
      file,
      message: 'mcp.json is not a regular file: a conforming client treats the tool servers of this plugin as invalid.',
    });
    return;
  }
  const outside = await escapesRoot(dir, file, options);
  if (outside) {
    collector.report(AGENT_PLUGINS_OUTSIDE_ROOT, {
      file,
      message: `mcp.json resolves outside the plugin (to ${outside}): a conforming client disables its tool servers.`,
    });
    return;
  }
  const read = await readText(file, options);
  if (!read.ok) {
    if (read.reason !== 'outside')
      collector.report(AGENT_PLUGINS_UNREADABLE, {
        file,
        at: read.at,
        message: `${read.message} A conforming client disables the tool servers of this plugin.`,
      });
    return;
  }
  const document = readJsonDocument(read.text, file, 'strip');
  const schema = document.ok && isJsonObject(document.source.value) ? document.source.value.$schema : undefined;
  const version = schemaVersion(schema, 'mcp');
  const mismatch = document.ok && version !== undefined && manifestVersion !== undefined && version !== manifestVersion;
  const drop = new Set(AGENT_PLUGINS_DROPPED_MCP_CODES);
  if (mismatch) drop.add('mcp-schema-unsupported');
  const parsed = parseMcpConfig(read.text, { file });
  collector.diagnostics.push(...retag(parsed.diagnostics, collector.profile, { drop, voice: VOICE }));
  if (mismatch && document.ok) {
    collector.report(AGENT_PLUGINS_MCP_VERSION_MISMATCH, {
      file,
      at: document.source.locate(['$schema']),
      message: `mcp.json targets Agent Plugins ${version} and plugin.json ${manifestVersion}: a conforming client disables the tool servers of this plugin.`,
    });
  }
  if (parsed.ok && document.ok) await checkServerPaths(dir, file, parsed.value.mcpServers, document.source, options, collector);
}

async function checkServerPaths(
  dir: string,
  file: string,
  servers: Record<string, { type: string; command?: string; cwd?: string }>,
  source: JsonSource,
  options: ResolvedOptions,
  collector: ProfileCollector,
): Promise<void> {
  for (const name of Object.keys(servers)) {
    const server = servers[name];
    if (server?.type !== 'stdio') continue;
    for (const field of ['command', 'cwd'] as const) {
      const value = server[field];
      if (typeof value !== 'string') continue;
      const relative = value.startsWith('./')
        ? value
        : value.startsWith('${PLUGIN_ROOT}')
          ? `.${value.slice('${PLUGIN_ROOT}'.length)}`
          : undefined;
      if (relative === undefined) continue;
      const outside = await escapesRoot(dir, resolve(dir, relative), options);
      if (!outside) continue;
      collector.report(AGENT_PLUGINS_OUTSIDE_ROOT, {
        file,
        at: source.locate(['mcpServers', name, field]),
        message: `The ${field} "${value}" of server "${name}" resolves outside the plugin (to ${outside}): a conforming client skips this server.`,
      });
    }
  }
}
