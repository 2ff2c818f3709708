// biome-ignore-all lint/suspicious/noTemplateCurlyInString: names the ${…} placeholders of tool-server files
/**
 * The tool servers of a plugin. Agent Plugins: the root `mcp.json` through `parseMcpConfig`, each
 * stdio server's `./` command and working directory held inside the plugin once links are
 * resolved (an entry that leaves is skipped alone). Legacy: the root `.mcp.json` through
 * `parseLegacyMcpConfig`, `${SKILL_ROOT}` expanded to the plugin folder and every other
 * placeholder kept, defaults included, as the service does at plugin load.
 * @module
 */
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../../internal/diagnostic';
import { setOwn } from '../../internal/json-checks';
import type { SafeWalker } from '../../internal/node/walk';
import { parseJsonSource } from '../../internal/python/json';
import { parseLegacyMcpConfig } from '../../internal/tool-servers/legacy-mcp-config';
import type { LegacyMcpServer } from '../../internal/tool-servers/legacy-mcp-server';
import { expandMcpVariables } from '../../internal/tool-servers/legacy-mcp-variables';
import { withoutEmptySecrets } from '../../skills/internal';
import { type McpServer, parseMcpConfig } from '../mcp/mcp-config';
import { isInside } from './containment';
import { readPluginFile } from './plugin-file';
import { PLUGIN_PATH_OUTSIDE_ROOT } from './rules';

async function readServerFile(walker: SafeWalker, directory: string, name: string, maxFileSize: number, diagnostics: Diagnostic[]) {
  if (!(await walker.entry(directory, name))) return undefined;
  const read = await readPluginFile(walker, join(directory, name), maxFileSize, 'loads none of its tool servers');
  if (read.ok) return read.text;
  diagnostics.push(...read.diagnostics);
  return undefined;
}

/** The servers of a legacy plugin's `.mcp.json` as the service keeps them at load (`{}` when it loads none). */
export async function loadLegacyToolServers(
  walker: SafeWalker,
  directory: string,
  maxFileSize: number,
  diagnostics: Diagnostic[],
): Promise<Record<string, LegacyMcpServer>> {
  const text = await readServerFile(walker, directory, '.mcp.json', maxFileSize, diagnostics);
  if (text === undefined) return {};
  const parsed = parseLegacyMcpConfig(text, { file: join(directory, '.mcp.json') });
  diagnostics.push(...parsed.diagnostics);
  if (!parsed.ok) return {};
  const skillRoot = await walker.fs.realpath(directory).catch(() => directory);
  return withoutEmptySecrets(expandMcpVariables(parsed.value, { variables: { SKILL_ROOT: skillRoot }, expandDefaults: false }).mcpServers);
}

/** The servers of an Agent Plugins plugin's `mcp.json` the service starts (`{}` when it loads none). */
export async function loadAgentPluginsToolServers(
  walker: SafeWalker,
  directory: string,
  maxFileSize: number,
  diagnostics: Diagnostic[],
): Promise<Record<string, McpServer>> {
  const text = await readServerFile(walker, directory, 'mcp.json', maxFileSize, diagnostics);
  if (text === undefined) return {};
  const file = join(directory, 'mcp.json');
  const parsed = parseMcpConfig(text, { file });
  diagnostics.push(...parsed.diagnostics);
  if (!parsed.ok) return {};
  const realRoot = await walker.fs.realpath(directory).catch(() => directory);
  const servers: Record<string, McpServer> = {};
  for (const [name, server] of Object.entries(parsed.value.mcpServers)) {
    const leaving = server.type === 'stdio' ? await escapingPath(walker, directory, realRoot, server) : undefined;
    if (!leaving) {
      setOwn(servers, name, server);
      continue;
    }
    const source = parseJsonSource(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    const at = source.ok ? source.source.locate(['mcpServers', name, leaving.field], 'value') : undefined;
    const message = `The ${leaving.field} "${leaving.value}" of the server "${name}" resolves to ${leaving.target}, outside the plugin folder: the service refuses paths that leave the plugin and skips this server.`;
    diagnostics.push(diagnostic(PLUGIN_PATH_OUTSIDE_ROOT, { file, at, message }));
  }
  return servers;
}

/** The first plugin-relative path of a stdio server (`./` command, `./` or `${PLUGIN_ROOT}` cwd) that resolves outside the plugin. */
async function escapingPath(
  walker: SafeWalker,
  directory: string,
  realRoot: string,
  server: { command: string; cwd?: string },
): Promise<{ field: 'command' | 'cwd'; value: string; target: string } | undefined> {
  const candidates: { field: 'command' | 'cwd'; value: string; relative: string }[] = [];
  if (server.command.startsWith('./')) candidates.push({ field: 'command', value: server.command, relative: server.command });
  const cwd = server.cwd;
  if (cwd?.startsWith('./')) candidates.push({ field: 'cwd', value: cwd, relative: cwd });
  else if (cwd?.startsWith('${PLUGIN_ROOT}/')) candidates.push({ field: 'cwd', value: cwd, relative: cwd.slice('${PLUGIN_ROOT}/'.length) });
  for (const candidate of candidates) {
    const target = await walker.fs.realpath(join(directory, candidate.relative)).catch(() => undefined);
    if (target !== undefined && !isInside(realRoot, target)) return { field: candidate.field, value: candidate.value, target };
  }
  return undefined;
}
